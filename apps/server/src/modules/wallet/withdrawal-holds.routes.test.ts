import { eq, sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiInjector, PASSWORD, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { withdrawalHolds } from './custody.schema.ts';
import { fundAddress } from './wallet.service.ts';
import { countAll, OUTSIDE, USDT } from './wallet.test-support.ts';

const DAY_MS = 24 * 3600 * 1000;
const NEW_PASSWORD = 'Meeet-Falcon-77';

describe('withdrawals paused after risky changes', () => {
  let t: TestApp;
  let c: TestChain;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const api = apiInjector(() => t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '10000' });
    c = await attachTestChain(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
    await smtp?.close();
  });

  async function fundedUser() {
    const user = await registerUser(t.app);
    const address = (await api('GET', '/crypto/wallet', user.token)).json().address as Address;
    await fundAddress(c.chain, address, { usdt: USDT('30'), bnb: parseEther('0.1') });
    return user;
  }

  const codeMailedTo = (to: string, subject: RegExp) =>
    vi.waitFor(
      () => {
        const mail = smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
        if (!code) throw new Error(`no code mailed to ${to}`);
        return code;
      },
      { timeout: 5_000, interval: 20 },
    );

  /** Ends every pause of the user by moving it back a day. */
  const endHolds = (userId: number) =>
    t.db
      .update(withdrawalHolds)
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

    const rowsBefore = await countAll(t);
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
    expect(await countAll(t)).toBe(rowsBefore);

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

  it('app.wallet.holdWithdrawals pauses until the time given, the latest pause winning', async () => {
    const user = await fundedUser();
    const soon = new Date(Date.now() + 3600_000);
    const later = new Date(Date.now() + 7 * DAY_MS);
    await t.app.wallet.holdWithdrawals(user.user.id, 'not-me', later);
    await t.app.wallet.holdWithdrawals(user.user.id, 'factor-reset', soon);
    const wallet = (await api('GET', '/crypto/wallet', user.token)).json();
    expect(wallet.hold).toEqual({ reason: 'not-me', until: later.toISOString() });
  });

  it('a pause made while a withdrawal waits for the wallet lock refuses it (the check is under the lock)', async () => {
    const user = await fundedUser();
    await withdrawStep1(user.token);
    const code = await codeMailedTo(user.user.email, /withdrawal confirmation code/);
    const rowsBefore = await countAll(t);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A password change's transaction: it holds the wallet lock until it commits.
    const change = t.db.transaction(async (tx) => {
      await t.app.wallet.holdWithdrawals(user.user.id, 'password-change', undefined, tx);
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
      const waiting = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_locks where not granted`,
      );
      expect(waiting.rows[0]?.n).toBeGreaterThan(0);
    });
    release();
    await change;
    const answer = await withdrawal;
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'WITHDRAWALS_HELD' });
    expect(await countAll(t)).toBe(rowsBefore);
  });
});
