import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import { bearer, PASSWORD, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { call as ask, openSocket } from '../meet/meet.test-support.ts';
import { users } from '../users/users.schema.ts';
import { TestAttestCa, type AttestOptions, type TestPhone } from './app-attest.test-support.ts';
import { deviceKeyAccounts, deviceKeys } from './devices.schema.ts';

// App Attest against a root the test owns, on an app that requires it (APP_ENV=production's
// default): attestations, assertions on meeting calls, and the device rule.

const APP_ID = 'ABCDE12345.app.meeet.test';
const HOUR = 3_600_000;

interface Member {
  id: number;
  token: string;
  email: string;
}

describe('attested phones', () => {
  let t: TestApp;
  let ca: TestAttestCa;

  beforeAll(async () => {
    ca = await TestAttestCa.create();
    t = await createTestApp({
      APP_ATTEST: 'required',
      APP_ATTEST_APP_ID: APP_ID,
      APP_ATTEST_ENV: 'production',
      APP_ATTEST_ROOT_PEM: ca.rootPem,
    });
  }, 60_000);
  afterAll(() => t.close());

  let counter = 0;
  /** A user who may meet (confirmed e-mail, complete profile), signed in on the web. */
  async function member(): Promise<Member> {
    const { token, user } = await registerUser(t.app);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-update',
      headers: bearer(token),
      payload: {
        firstName: 'Ada',
        lastName: 'Attested',
        domain: `attest${Date.now().toString(36)}${++counter}`,
        gender: 1,
        bdate: '1990-05-17T00:00:00.000Z',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    return { id: user.id, token, email: user.email };
  }

  async function challenge(who: Member): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/attest/challenge',
      headers: bearer(who.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().challenge;
  }

  function postAttest(who: Member, payload: object) {
    return t.app.inject({
      method: 'POST',
      url: '/api/devices/attest',
      headers: bearer(who.token),
      payload,
    });
  }

  async function attestWith(who: Member, phone: TestPhone, options: AttestOptions = {}) {
    const given = await challenge(who);
    return postAttest(who, {
      keyId: phone.keyId,
      challenge: given,
      attestation: await phone.attest(given, options),
    });
  }

  async function attested(who: Member, phone: TestPhone) {
    const response = await attestWith(who, phone);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The key this install attested before, joined to another account by an assertion. */
  async function linked(who: Member, phone: TestPhone) {
    const given = await challenge(who);
    return postAttest(who, {
      keyId: phone.keyId,
      challenge: given,
      assertion: phone.assert(given),
    });
  }

  /** A meeting call signed by `phone` as the app signs it; `header` replaces the header. */
  function call(
    who: Member,
    phone: TestPhone | null,
    path: string,
    body?: object,
    header?: string,
  ) {
    const url = `/api${path}`;
    const raw = body === undefined ? '' : JSON.stringify(body);
    const assertion = header ?? phone?.header(url, raw);
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...bearer(who.token),
        ...(assertion ? { 'x-app-assertion': assertion } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: raw }),
    });
  }

  function codeOf(response: { json: () => { code: string } }) {
    return response.json().code;
  }

  function refusal(response: { statusCode: number; json: () => unknown }) {
    return { status: response.statusCode, ...errorBodySchema.parse(response.json()) };
  }

  async function keysOf(userId: number) {
    return t.db.select().from(deviceKeyAccounts).where(eq(deviceKeyAccounts.userId, userId));
  }

  it('accepts an attestation that chains to the root and keeps the key for the account', async () => {
    const a = await member();
    const phone = await ca.phone(APP_ID);
    const body = await attested(a, phone);
    expect(body).toEqual({
      keyId: phone.keyId,
      deviceLock: { locked: false, until: null, remainingMs: 0, reason: null },
    });
    const [key] = await t.db.select().from(deviceKeys).where(eq(deviceKeys.keyId, phone.keyId));
    expect(key).toMatchObject({ signCount: 0, environment: 'production' });
    expect((await keysOf(a.id)).map((k) => k.keyId)).toEqual([phone.keyId]);
    // The attested phone's meeting calls pass.
    expect((await call(a, phone, '/meetings/handshake/code')).statusCode).toBe(200);
  });

  it('refuses a wrong root, a wrong nonce, another app, the development environment, an expired certificate, and keeps nothing', async () => {
    const a = await member();
    const otherCa = await TestAttestCa.create();
    const cases: [AttestOptions, string][] = [
      [{ ca: otherCa }, 'fail_intermediateCert_verify_failure'],
      [{ challenge: 'a-challenge-the-server-never-gave' }, 'fail_nonce_mismatch'],
      [{ appId: 'ZZZZZ99999.app.someone.else' }, 'fail_rpId_mismatch'],
      [{ environment: 'development' }, 'fail_aaguid_mismatch'],
      [{ expired: true }, 'fail_certificate_expired'],
    ];
    for (const [options, reason] of cases) {
      const phone = await ca.phone(APP_ID);
      const response = await attestWith(a, phone, options);
      expect(refusal(response), reason).toMatchObject({
        status: 400,
        code: 'ATTESTATION_INVALID',
        details: { reason },
      });
      expect(refusal(response).message).toMatch(/could not be verified/);
    }
    expect(await keysOf(a.id)).toEqual([]);
  });

  it('spends a challenge on its first use: a replay, or another account, is refused', async () => {
    const a = await member();
    const b = await member();
    const phone = await ca.phone(APP_ID);
    const given = await challenge(a);
    const attestation = await phone.attest(given);
    const byOther = await postAttest(b, { keyId: phone.keyId, challenge: given, attestation });
    expect(refusal(byOther)).toMatchObject({
      code: 'ATTESTATION_INVALID',
      details: { reason: 'challenge' },
    });
    expect(
      (await postAttest(a, { keyId: phone.keyId, challenge: given, attestation })).statusCode,
    ).toBe(200);
    const replay = await postAttest(a, { keyId: phone.keyId, challenge: given, attestation });
    expect(refusal(replay)).toMatchObject({
      code: 'ATTESTATION_INVALID',
      details: { reason: 'challenge' },
    });
    // A fresh challenge does not make the key attestable twice either.
    const again = await attestWith(a, phone);
    expect(refusal(again)).toMatchObject({
      code: 'ATTESTATION_INVALID',
      details: { reason: 'key-known' },
    });
  });

  it('refuses meeting calls without an assertion, with a bad one, a replayed counter or another body', async () => {
    const a = await member();
    const phone = await ca.phone(APP_ID);
    await attested(a, phone);

    const unattested = await call(a, null, '/meetings/handshake/code');
    expect(refusal(unattested)).toMatchObject({ status: 403, code: 'DEVICE_NOT_ATTESTED' });
    expect(refusal(unattested).message).toMatch(/MEEET app/);
    expect(
      refusal(await call(a, null, '/meetings/handshake/code', undefined, 'garbage')),
    ).toMatchObject({
      status: 403,
      code: 'ASSERTION_INVALID',
      details: { reason: 'format' },
    });

    // The same signed header twice: the counter did not rise.
    const url = '/api/meetings/handshake/code';
    const header = phone.header(url);
    expect((await call(a, null, '/meetings/handshake/code', undefined, header)).statusCode).toBe(
      200,
    );
    const replayed = await call(a, null, '/meetings/handshake/code', undefined, header);
    expect(refusal(replayed)).toMatchObject({
      code: 'ASSERTION_INVALID',
      details: { reason: 'counter' },
    });
    // A lower counter signed afresh is a replay too.
    phone.counter = 1;
    expect(refusal(await call(a, phone, '/meetings/handshake/code'))).toMatchObject({
      details: { reason: 'counter' },
    });
    phone.counter = 100;

    // Signed for one body, sent with another.
    const forOther = phone.header(
      '/api/meetings/handshake',
      JSON.stringify({ method: 'code', code: '111111' }),
    );
    const tampered = await call(
      a,
      null,
      '/meetings/handshake',
      { method: 'code', code: '222222' },
      forOther,
    );
    expect(refusal(tampered)).toMatchObject({
      code: 'ASSERTION_INVALID',
      details: { reason: 'fail_signature_verification' },
    });
    // Signed long ago.
    const stale = phone.header(url, '', Date.now() - HOUR);
    expect(
      refusal(await call(a, null, '/meetings/handshake/code', undefined, stale)),
    ).toMatchObject({
      details: { reason: 'time' },
    });
    // Another account cannot use this phone's key without joining it.
    const b = await member();
    expect(refusal(await call(b, phone, '/meetings/handshake/code'))).toMatchObject({
      code: 'ASSERTION_INVALID',
      details: { reason: 'key-unknown' },
    });
  });

  it('refuses a meeting ping over the socket, which carries no assertion; the socket stays up', async () => {
    const who = await member();
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = await openSocket(url, who.token);
    try {
      const ping = { t: Date.now(), lat: 55.7558, lon: 37.6173, accuracy: 5, heard: [] };
      expect(await ask(socket, 'meeting:ping', ping)).toMatchObject({
        ok: false,
        code: 'DEVICE_NOT_ATTESTED',
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('never lets two accounts on one attested phone meet', async () => {
    const a = await member();
    const b = await member();
    const phone = await ca.phone(APP_ID);
    await attested(a, phone);
    const joined = await linked(b, phone);
    expect(joined.statusCode, joined.body).toBe(200);
    // b's first phone: no lock.
    expect(joined.json().deviceLock.locked).toBe(false);

    const issued = await call(a, phone, '/meetings/handshake/code');
    expect(issued.statusCode, issued.body).toBe(200);
    const sameDevice = await call(b, phone, '/meetings/handshake', {
      method: 'code',
      code: codeOf(issued),
    });
    expect(refusal(sameDevice)).toMatchObject({ status: 409, code: 'SAME_DEVICE' });
    expect(refusal(sameDevice).message).toBe(
      'Two accounts on the same phone cannot meet each other',
    );

    // With a phone of its own, b is no longer refused for the phone; only the mint rules'
    // reasons remain, said before anyone waits (no tokens here, and b's move started a lock).
    const own = await ca.phone(APP_ID);
    await attested(b, own);
    const again = await call(a, phone, '/meetings/handshake/code');
    const met = await call(b, own, '/meetings/handshake', { method: 'code', code: codeOf(again) });
    expect(met.statusCode, met.body).toBe(422);
    expect(met.json()).toMatchObject({
      code: 'MEETING_CANNOT_MINT',
      details: { reasons: 'no-shared-level,device-locked' },
    });
  });

  it('locks minting when an account moves to another phone, never on a sign-in', async () => {
    const a = await member();
    const first = await ca.phone(APP_ID);
    expect((await attested(a, first)).deviceLock.locked).toBe(false);
    // Sign-ins from new browsers and devices start nothing.
    for (const fp of ['fp-new-browser', 'fp-library-computer']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-fp': fp },
        payload: { email: a.email, password: PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().user).toMatchObject({ deviceLockUntil: null, deviceLock: null });
    }
    // The same phone again (a re-attest by assertion) is no move.
    expect((await linked(a, first)).json().deviceLock.locked).toBe(false);

    const second = await ca.phone(APP_ID);
    const moved = await attested(a, second);
    expect(moved.deviceLock).toMatchObject({ locked: true, reason: 'new-phone' });
    expect(moved.deviceLock.remainingMs).toBeGreaterThan(71 * HOUR);
    expect(moved.deviceLock.remainingMs).toBeLessThanOrEqual(72 * HOUR);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(a.token) });
    expect(me.json().deviceLock).toEqual({ until: moved.deviceLock.until, reason: 'new-phone' });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/meetings/device-lock',
      headers: bearer(a.token),
    });
    expect(status.json()).toMatchObject({ locked: true, reason: 'new-phone' });
  });
});
