import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTOR_HEADER } from '@meeet/core/api/factors-paths';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { withdrawalHolds } from '../wallet/custody.schema.ts';
import { OUTSIDE } from '../wallet/wallet.test-support.ts';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
const codeOf = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSeconds * 1000,
  });

describe('second factors against the real app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_IP: '10000' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    factor?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(token), ...(factor ? { [FACTOR_HEADER]: factor } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** A user with TOTP on: its secret, the code that enrolled it and the recovery codes. */
  async function enrolled() {
    const user = await registerUser(t.app);
    const setup = await call('POST', '/factors/totp/setup', user.token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/MEEET:/);
    const code = codeOf(secret);
    const enable = await call('POST', '/factors/totp/enable', user.token, { code });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
    return { user, secret, code, recoveryCodes };
  }

  const withdrawStep = (token: string, factor?: string) =>
    call(
      'POST',
      '/crypto/wallet/withdraw/',
      token,
      { address: OUTSIDE, amount: '1', code: '123456' },
      factor,
    );

  it('enrols TOTP only with a right code and shows ten recovery codes once', async () => {
    const user = await registerUser(t.app);
    const { secret } = (await call('POST', '/factors/totp/setup', user.token)).json();
    const wrong = await call('POST', '/factors/totp/enable', user.token, {
      code: codeOf(secret, -600),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FACTOR_INVALID' });
    expect((await call('GET', '/factors', user.token)).json()).toMatchObject({ totp: false });

    const right = await call('POST', '/factors/totp/enable', user.token, { code: codeOf(secret) });
    expect(right.statusCode).toBe(200);
    const codes = right.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call('GET', '/factors', user.token)).json()).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      passkeys: [],
    });
    // The audit an admin reads on the user's page: the failed try, then the enrolment.
    const events = await t.app.security.list(user.user.id);
    expect(events.list.map((event) => [event.kind, event.detail])).toEqual([
      ['factor-enrolled', { factor: 'totp' }],
      ['factor-failed', { factor: 'totp' }],
    ]);
  });

  it('refuses a withdrawal without the factor of an enrolled user, and a wrong one', async () => {
    const { user } = await enrolled();
    const without = await withdrawStep(user.token);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'FACTOR_REQUIRED', details: { kinds: 'totp' } });
    const wrong = await withdrawStep(user.token, 'totp:000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FACTOR_INVALID' });
  });

  // This app has no chain attached: a call past the factor check meets the wallet's 503.
  const reachedWallet = { code: 'SERVICE_UNAVAILABLE' };

  it('lets a user without a factor withdraw as before (no factor asked)', async () => {
    const user = await registerUser(t.app);
    expect((await withdrawStep(user.token)).json()).toMatchObject(reachedWallet);
  });

  it('refuses a TOTP code replayed within its window, and takes the next one', async () => {
    const { user, secret, code } = await enrolled();
    const replayed = await call(
      'POST',
      '/factors/recovery/regenerate',
      user.token,
      undefined,
      `totp:${code}`,
    );
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ code: 'FACTOR_INVALID' });

    const next = `totp:${codeOf(secret, 30)}`;
    const fresh = await call('POST', '/factors/recovery/regenerate', user.token, undefined, next);
    expect(fresh.statusCode).toBe(200);
    const again = await call('POST', '/factors/recovery/regenerate', user.token, undefined, next);
    expect(again.statusCode).toBe(403);
  });

  it('refuses turning TOTP off without a factor; with one it goes, codes and all', async () => {
    const { user, recoveryCodes } = await enrolled();
    const without = await call('POST', '/factors/totp/disable', user.token);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'FACTOR_REQUIRED' });
    expect((await call('GET', '/factors', user.token)).json()).toMatchObject({ totp: true });

    const withCode = await call(
      'POST',
      '/factors/totp/disable',
      user.token,
      undefined,
      `recovery:${recoveryCodes[0]}`,
    );
    expect(withCode.statusCode).toBe(200);
    expect((await call('GET', '/factors', user.token)).json()).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    });
    // A factor turned off is a reset: withdrawals wait 24 h, whoever turned it off.
    const holds = await t.db
      .select({ reason: withdrawalHolds.reason, until: withdrawalHolds.until })
      .from(withdrawalHolds)
      .where(eq(withdrawalHolds.userId, user.user.id));
    expect(holds.map((hold) => hold.reason)).toEqual(['factor-reset']);
    expect(holds[0]?.until.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('asks a new device for a factor at sign-in; a recovery code works once', async () => {
    const { user, recoveryCodes } = await enrolled();
    const login = (fingerprint: string, factor?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-fp': fingerprint, ...(factor ? { [FACTOR_HEADER]: factor } : {}) },
        payload: { email: user.user.email, password: user.password },
      });

    expect((await login('fp-test-device')).statusCode).toBe(200);
    const asked = await login('fp-new-device-1');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'FACTOR_REQUIRED', details: { kinds: 'totp' } });

    const recovery = `recovery:${recoveryCodes[1]?.toLowerCase()}`;
    expect((await login('fp-new-device-1', recovery)).statusCode).toBe(200);
    const reused = await login('fp-new-device-2', recovery);
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toMatchObject({ code: 'FACTOR_INVALID' });
    expect((await call('GET', '/factors', user.token)).json()).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('refuses every try for 15 minutes after five wrong factors, a right one too', async () => {
    const { user, recoveryCodes } = await enrolled();
    for (let i = 0; i < 5; i++) {
      const wrong = await withdrawStep(user.token, 'totp:000000');
      expect(wrong.json()).toMatchObject({ code: 'FACTOR_INVALID' });
    }
    const limited = await call(
      'POST',
      '/factors/totp/disable',
      user.token,
      undefined,
      `recovery:${recoveryCodes[0]}`,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many wrong second-factor codes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect((await call('GET', '/factors', user.token)).json()).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
  });

  it('answers a malformed factor header with FACTOR_REQUIRED, never a 5xx', async () => {
    const { user } = await enrolled();
    for (const header of ['totp:12', 'passkey:!!!', 'sms:123456', 'passkey:e30']) {
      const response = await call('POST', '/factors/totp/disable', user.token, undefined, header);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.statusCode).toBe(403);
    }
  });

  it('asks the factor for address-book and security changes, and changes nothing without it', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const password = { currentPassword: user.password, password: 'Meeet-Lantern-93' };
    const refusedEach = [
      await call('POST', '/crypto/wallet/addresses', user.token, { address: OUTSIDE, label: 'Me' }),
      await call('PATCH', '/crypto/wallet/addresses/only-saved', user.token, { onlySaved: true }),
      await call('PUT', '/security/anti-phishing', user.token, { phrase: 'blue heron' }),
      await call('POST', '/user/password', user.token, password),
    ];
    for (const refused of refusedEach) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FACTOR_REQUIRED' });
    }
    const book = (await call('GET', '/crypto/wallet/addresses', user.token)).json();
    expect(book).toMatchObject({ addresses: [], onlySaved: false });
    expect((await call('GET', '/security/anti-phishing', user.token)).json()).toEqual({
      phrase: null,
    });

    // With the factor each goes through (a fresh code each: a used one is spent).
    const saved = await call(
      'POST',
      '/crypto/wallet/addresses',
      user.token,
      { address: OUTSIDE, label: 'Me' },
      `totp:${codeOf(secret, 30)}`,
    );
    expect(saved.statusCode).toBe(201);
    const phrase = await call(
      'PUT',
      '/security/anti-phishing',
      user.token,
      { phrase: 'blue heron' },
      `recovery:${recoveryCodes[0]}`,
    );
    expect(phrase.statusCode).toBe(200);
  });
});
