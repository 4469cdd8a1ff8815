import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { devMailboxCode, registerUser } from '../../../test/accounts.ts';
import { oneTimeCodes } from './codes.schema.ts';

describe('one-time codes: the per-account ceiling of wrong guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_IP: '10000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload });

  /** Moves the address's codes a few minutes into the past, as if the resend wait had passed. */
  const age = (email: string) =>
    t.db
      .update(oneTimeCodes)
      .set({ createdAt: sql`${oneTimeCodes.createdAt} - interval '2 minutes'` })
      .where(eq(oneTimeCodes.email, email));

  const wrongGuesses = async (email: string, right: string, count: number) => {
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < count; i++) {
      const answer = await post('/user/recovery-password/check-code', {
        email,
        code: wrong,
        password: 'Brand-New-Secret-9',
      });
      expect(answer.statusCode).toBe(400);
    }
  };

  it('after 10 wrong guesses across codes in 24 h, no new code until the window ends', async () => {
    const { user } = await registerUser(t.app);
    for (let round = 0; round < 2; round++) {
      expect(
        (await post('/user/recovery-password/send-code', { email: user.email })).statusCode,
      ).toBe(200);
      await wrongGuesses(user.email, await devMailboxCode(t.db, user.email), 5);
      await age(user.email);
    }

    const refused = await post('/user/recovery-password/send-code', { email: user.email });
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(
      /new code can be requested after \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);

    // The window ends: the failures are now older than a day.
    await t.db
      .update(oneTimeCodes)
      .set({ createdAt: sql`${oneTimeCodes.createdAt} - interval '1 day'` })
      .where(eq(oneTimeCodes.email, user.email));
    expect(
      (await post('/user/recovery-password/send-code', { email: user.email })).statusCode,
    ).toBe(200);
  });

  it('kills a live code once the ceiling is reached, even the right one', async () => {
    const { user } = await registerUser(t.app);
    for (let round = 0; round < 2; round++) {
      await post('/user/recovery-password/send-code', { email: user.email });
      const code = await devMailboxCode(t.db, user.email);
      await wrongGuesses(user.email, code, round === 0 ? 5 : 4);
      if (round === 0) await age(user.email);
      else {
        await wrongGuesses(user.email, code, 1);
        const right = await post('/user/recovery-password/check-code', {
          email: user.email,
          code,
          password: 'Brand-New-Secret-9',
        });
        expect(right.statusCode).toBe(400);
      }
    }
  });

  it('counts per purpose: a locked recovery leaves e-mail confirmation alone', async () => {
    const registered = await registerUser(t.app);
    const email = registered.user.email;
    for (let round = 0; round < 2; round++) {
      await post('/user/recovery-password/send-code', { email });
      await wrongGuesses(email, await devMailboxCode(t.db, email), 5);
      await age(email);
    }
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/verify/send-code',
      headers: { authorization: `Bearer ${registered.token}`, 'x-fp': 'fp-test-device' },
    });
    expect(verify.statusCode).toBe(200);
  });
});

describe('recovery check-code: the same answer and work for known and unknown addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000' });
  });
  afterAll(() => t.close());

  const check = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/recovery-password/check-code',
      payload: { email, code: '123456', password },
    });

  it('answers "too common" for an unknown address just as for a known one', async () => {
    const { user } = await registerUser(t.app);
    const known = await check(user.email, 'Password123');
    const unknown = await check('nobody.here@example.com', 'Password123');
    expect(known.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(known.json().fields);
    expect(known.json().fields.password).toBe('This password is too common');
  });

  it('spends the same password-hashing work on both paths', async () => {
    const { user } = await registerUser(t.app);
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      const answer = await check(email, 'Brand-New-Secret-9');
      expect(answer.json().code).toBe('INVALID_CODE');
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(user.email));
      unknown.push(await timed(`nobody.${i}@example.com`));
    }
    // Without the hash the unknown path took ~1/7 of the known one; a generous bound stays
    // robust on a loaded machine.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});
