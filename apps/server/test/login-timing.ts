import { performance } from 'node:perf_hooks';
import { userPaths } from '@meeet/core/api/user-paths';
import type { App } from '../src/app.ts';

const PASSWORD = 'Timing-Probe-Secret-42';

export interface LoginTiming {
  /** Median ms of a wrong password for an address that has an account. */
  knownMs: number;
  /** Median ms of any password for an address that has none. */
  unknownMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Times `tries` failed sign-ins of each kind through the whole app, alternating the two so any
 * drift of the machine falls on both. Every try uses its own address, so no back-off or
 * lock-out of one address shapes the other tries (they would, equally, for both kinds).
 */
export async function measureLoginTiming(
  app: App,
  tries: number,
  tag: string,
): Promise<LoginTiming> {
  const known: string[] = [];
  for (let i = 0; i < tries; i += 1) {
    const email = `timing-${tag}-known-${i}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: `/api${userPaths.register}`,
      headers: { 'x-fp': 'timing-owner' },
      payload: { email, password: PASSWORD, acceptTerms: true },
    });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
    known.push(email);
  }
  const attempt = async (email: string): Promise<number> => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api${userPaths.login}`,
      headers: { 'x-fp': 'timing-guesser' },
      payload: { email, password: 'Wrong-Guess-Password-9' },
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 401) throw new Error(`expected 401, got ${response.statusCode}`);
    return elapsed;
  };
  // One of each first, unmeasured: the JIT and the pool warm up.
  await attempt(`timing-${tag}-warm@example.com`);
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < tries; i += 1) {
    knownTimes.push(await attempt(known[i] ?? ''));
    unknownTimes.push(await attempt(`timing-${tag}-nobody-${i}@example.com`));
  }
  return { knownMs: median(knownTimes), unknownMs: median(unknownTimes) };
}
