import { afterAll, beforeAll } from 'vitest';
import { attachTestChain, type TestChain } from './chain.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * For a describe block: the app on a fresh database with a chain of its own, started in
 * beforeAll and handed to `started`, closed in afterAll.
 */
export function useChainApp(
  env: Record<string, string>,
  started: (app: { t: TestApp; c: TestChain }) => void,
): void {
  let t: TestApp | undefined;
  let c: TestChain | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    c = await attachTestChain(t);
    started({ t, c });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });
}
