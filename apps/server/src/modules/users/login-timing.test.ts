import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { measureLoginTiming } from '../../../test/login-timing.ts';

describe('sign-in timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    });
  });
  afterAll(() => t.close());

  it('takes as long for an unknown address as for a wrong password of a known one', async () => {
    const { knownMs, unknownMs } = await measureLoginTiming(t.app, 30, 'test');
    console.log({ knownMs, unknownMs });
    const gap = Math.abs(knownMs - unknownMs) / Math.max(knownMs, unknownMs);
    expect(gap).toBeLessThan(0.25);
  });
});
