import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { PASSWORD, registerUser } from '../../../test/accounts.ts';

describe('login lock-out: a guesser cannot lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_FAILURES_PER_EMAIL: '10',
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, from: { ip: string; fingerprint?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: from.ip,
      headers: from.fingerprint ? { 'x-fp': from.fingerprint } : {},
      payload: { email, password },
    });

  /** An account the owner signed up to from their phone at home. */
  const ownerAccount = async () =>
    (await registerUser(t.app, {}, { 'x-fp': 'fp-owner-phone' })).user.email;

  /** Ten wrong passwords from ten different strangers' machines. */
  const attack = async (email: string) => {
    for (let i = 0; i < 10; i++) {
      const answer = await login(email, `Guess-${i}-Pass`, {
        ip: `203.0.113.${i + 1}`,
        fingerprint: `fp-bot-${i}`,
      });
      expect(answer.statusCode).toBe(401);
    }
  };

  it('refuses unknown sources once the account limit is spent', async () => {
    const email = await ownerAccount();
    await attack(email);
    const stranger = await login(email, PASSWORD, { ip: '203.0.113.77', fingerprint: 'fp-new' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Try again in \d+ s/),
    });
  });

  it('lets the owner in from a device that signed in before', async () => {
    const email = await ownerAccount();
    await attack(email);
    // Same phone, but on mobile data: another IP.
    const owner = await login(email, PASSWORD, { ip: '192.0.2.50', fingerprint: 'fp-owner-phone' });
    expect(owner.statusCode).toBe(200);
  });

  it('lets the owner in from an IP that signed in before, on a browser without a fingerprint', async () => {
    const email = await ownerAccount();
    await attack(email);
    // registerUser signs in from the test's loopback address.
    const owner = await login(email, PASSWORD, { ip: '127.0.0.1' });
    expect(owner.statusCode).toBe(200);
  });

  it('makes one source wait after a few wrong passwords, leaving other sources alone', async () => {
    const email = await ownerAccount();
    const source = { ip: '203.0.113.200', fingerprint: 'fp-one-bot' };
    for (let i = 0; i < 4; i++) {
      expect((await login(email, `Guess-${i}-Pass`, source)).statusCode).toBe(401);
    }
    const waiting = await login(email, PASSWORD, source);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const owner = await login(email, PASSWORD, { ip: '192.0.2.51', fingerprint: 'fp-owner-phone' });
    expect(owner.statusCode).toBe(200);
  });
});
