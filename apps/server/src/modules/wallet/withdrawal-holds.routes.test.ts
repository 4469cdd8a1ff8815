import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD } from '../../../test/accounts.ts';
import { txOf } from '../../plugins/db.ts';
import { withdrawalHolds } from './custody.schema.ts';
import { custodyTestApp, DAY_MS } from './custody.test-support.ts';
import { countAll, OUTSIDE } from './wallet.test-support.ts';
const NEW_PASSWORD = 'Meeet-Falcon-77';

describe('withdrawals paused after risky changes', () => {
  const { api, app, fundedUser, codeMailedTo } = custodyTestApp();

  /** Ends every pause of the user by moving it back a day. */
  const endHolds = (userId: number) =>
    app()
      .db.update(withdrawalHolds)
      .set({ until: sql`${withdrawalHolds.until} - interval '1 day'` })
      .where(eq(withdrawalHolds.userId, userId));

  const withdrawStep1 = (token: string) =>
    api('POST', '/crypto/wallet/withdraw/', token, { address: OUTSIDE, amount: '1' });

  it('a password change pauses withdrawals for 24 h, saying why and until when', async () => {
    const user = await fundedUser();
    const before = Date.now();
    const changed = await api('POST', '/user/password', user.token, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);

    const wallet = (await api('GET', '/crypto/wallet', user.token)).json();
    expect(wallet.hold.reason).toBe('password-change');
    const until = Date.parse(wallet.hold.until);
    expect(until).toBeGreaterThanOrEqual(before + DAY_MS - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + DAY_MS);

    const rowsBefore = await countAll(app());
    const refused = await withdrawStep1(user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'WITHDRAWALS_HELD',
      details: { reason: 'password-change', until: wallet.hold.until },
    });
    expect(refused.json().message).toMatch(
      /^Withdrawals are paused until \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d UTC after your password change$/,
    );
    const ru = await api(
      'POST',
      '/crypto/wallet/withdraw/',
      user.token,
      {
        address: OUTSIDE,
        amount: '1',
      },
      { 'accept-language': 'ru' },
    );
    expect(ru.json().message).toMatch(/^Вывод приостановлен до .+ после смены пароля$/);
    expect(await countAll(app())).toBe(rowsBefore);

    await endHolds(user.user.id);
    expect((await api('GET', '/crypto/wallet', user.token)).json().hold).toBeNull();
    expect((await withdrawStep1(user.token)).statusCode).toBe(200);
  });

  it('a recovery by e-mail pauses withdrawals', async () => {
    const user = await fundedUser();
    await api('POST', '/user/recovery-password/send-code', undefined, { email: user.user.email });
    const code = await codeMailedTo(user.user.email, /password recovery code/);
    const recovered = await api('POST', '/user/recovery-password/check-code', undefined, {
      email: user.user.email,
      code,
      password: NEW_PASSWORD,
    });
    expect(recovered.statusCode).toBe(200);
    const login = await api(
      'POST',
      '/user/login',
      undefined,
      {
        email: user.user.email,
        password: NEW_PASSWORD,
      },
      { 'x-fp': 'fp-test-device' },
    );
    const refused = await withdrawStep1(login.json().token);
    expect(refused.json()).toMatchObject({
      code: 'WITHDRAWALS_HELD',
      details: { reason: 'email-recovery' },
    });
  });

  it('the first sign-in from a new device pauses withdrawals; a known device does not', async () => {
    const user = await fundedUser();
    const signIn = (fingerprint?: string) =>
      api(
        'POST',
        '/user/login',
        undefined,
        { email: user.user.email, password: PASSWORD },
        {
          ...(fingerprint ? { 'x-fp': fingerprint } : {}),
        },
      );
    expect((await signIn('fp-test-device')).statusCode).toBe(200);
    expect((await api('GET', '/crypto/wallet', user.token)).json().hold).toBeNull();

    const other = await signIn('fp-another-laptop');
    expect(other.statusCode).toBe(200);
    const wallet = (await api('GET', '/crypto/wallet', user.token)).json();
    expect(wallet.hold).toMatchObject({ reason: 'new-device' });
    expect((await withdrawStep1(user.token)).json().code).toBe('WITHDRAWALS_HELD');

    await endHolds(user.user.id);
    // The same new device again is known now; a sign-in hiding its device is not.
    await signIn('fp-another-laptop');
    expect((await api('GET', '/crypto/wallet', user.token)).json().hold).toBeNull();
    await signIn();
    expect((await api('GET', '/crypto/wallet', user.token)).json().hold).toMatchObject({
      reason: 'new-device',
    });
  });

  it('"this wasn\'t me" freezes withdrawals until a recovery by e-mail, not a password change', async () => {
    const user = await fundedUser();
    await app().app.wallet.holdWithdrawals(user.user.id, 'not-me');
    const frozen = await withdrawStep1(user.token);
    expect(frozen.json()).toMatchObject({
      code: 'WITHDRAWALS_HELD',
      details: { reason: 'not-me' },
    });
    expect(frozen.json().message).toBe(
      'Withdrawals are frozen because you reported a sign-in that was not you: recover your password by e-mail to lift it',
    );
    // Whoever knows the password cannot lift it, nor does time: a day on, still frozen.
    await api('POST', '/user/password', user.token, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
    });
    await endHolds(user.user.id);
    const login = await api(
      'POST',
      '/user/login',
      undefined,
      { email: user.user.email, password: NEW_PASSWORD },
      { 'x-fp': 'fp-test-device' },
    );
    expect((await withdrawStep1(login.json().token)).json().details.reason).toBe('not-me');

    // The mailbox proves the owner: the recovery ends the freeze, its own 24 h pause follows.
    await api('POST', '/user/recovery-password/send-code', undefined, { email: user.user.email });
    const code = await codeMailedTo(user.user.email, /password recovery code/);
    await api('POST', '/user/recovery-password/check-code', undefined, {
      email: user.user.email,
      code,
      password: PASSWORD,
    });
    const again = await api(
      'POST',
      '/user/login',
      undefined,
      { email: user.user.email, password: PASSWORD },
      { 'x-fp': 'fp-test-device' },
    );
    const token = again.json().token;
    expect((await api('GET', '/crypto/wallet', token)).json().hold.reason).toBe('email-recovery');
    await endHolds(user.user.id);
    expect((await withdrawStep1(token)).statusCode).toBe(200);
  });

  it('app.wallet.holdWithdrawals pauses until the time given, the latest pause winning', async () => {
    const user = await fundedUser();
    const soon = new Date(Date.now() + 3600_000);
    const later = new Date(Date.now() + 7 * DAY_MS);
    await app().app.wallet.holdWithdrawals(user.user.id, 'not-me', later);
    await app().app.wallet.holdWithdrawals(user.user.id, 'factor-reset', soon);
    const wallet = (await api('GET', '/crypto/wallet', user.token)).json();
    expect(wallet.hold).toEqual({ reason: 'not-me', until: later.toISOString() });
  });

  it('a pause made while a withdrawal waits for the wallet lock refuses it (the check is under the lock)', async () => {
    const user = await fundedUser();
    await withdrawStep1(user.token);
    const code = await codeMailedTo(user.user.email, /withdrawal confirmation code/);
    const rowsBefore = await countAll(app());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A password change's transaction: it holds the wallet lock until it commits.
    const change = app().db.transaction(async (tx) => {
      await app().app.wallet.holdWithdrawals(user.user.id, 'password-change', undefined, txOf(tx));
      locked();
      await released;
    });
    await lockTaken;
    const withdrawal = api(
      'POST',
      '/crypto/wallet/withdraw/',
      user.token,
      { address: OUTSIDE, amount: '1', code },
      { 'idempotency-key': `race-hold-${user.user.id}` },
    );
    await vi.waitFor(async () => {
      const waiting = await app().db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_locks where not granted`,
      );
      expect(waiting.rows[0]?.n).toBeGreaterThan(0);
    });
    release();
    await change;
    const answer = await withdrawal;
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'WITHDRAWALS_HELD' });
    expect(await countAll(app())).toBe(rowsBefore);
  });
});
