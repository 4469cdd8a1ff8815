import { afterAll, beforeAll, expect } from 'vitest';
import { snapshot } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

class AccountsEnv {
  t!: TestApp;
}

/** Registers the app of an accounts test file (beforeAll/afterAll); answers its helpers. */
export function accountsApi() {
  const env = new AccountsEnv();
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    env.t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    env.t.app.inject({ method: 'GET', url: `/api${url}`, headers });

  /** Runs a refused call and proves the accounts tables did not change. */
  async function refused(call: () => Promise<{ statusCode: number; json: () => unknown }>) {
    const before = await snapshot(env.t.db);
    const response = await call();
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await snapshot(env.t.db)).toEqual(before);
    return response.json() as { code: string; message: string; fields?: Record<string, string> };
  }

  beforeAll(async () => {
    env.t = await createTestApp({
      LOGIN_FAILURES_PER_EMAIL: '4',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
    // A test-only route behind the role hook, the way the control area's calls will be.
    env.t.app.get(
      '/api/test/admin-only',
      { onRequest: env.t.app.requireRole('admin') },
      async () => ({
        ok: true,
      }),
    );
  });
  afterAll(() => env.t.close());

  return { env, post, get, refused };
}
