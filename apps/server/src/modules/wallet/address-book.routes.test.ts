import { eq, sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiInjector } from '../../../test/accounts.ts';
import { registerUser } from '../../../test/accounts.ts';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { withdrawalAddresses } from './custody.schema.ts';
import { fundAddress } from './wallet.service.ts';
import { countAll, OUTSIDE, USDT } from './wallet.test-support.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Another outside address (anvil's account 8), never saved by these tests. */
const OTHER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' as Address;

describe('withdrawal address book', () => {
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

  /** A user whose wallet holds 30 USDT and BNB for the fee. */
  async function fundedUser() {
    const user = await registerUser(t.app);
    const address = (await api('GET', '/crypto/wallet', user.token)).json().address as Address;
    await fundAddress(c.chain, address, { usdt: USDT('30'), bnb: parseEther('0.1') });
    return user;
  }

  /** The newest mail to `to` whose subject matches, once it has arrived. */
  const mailTo = (to: string, subject: RegExp) =>
    vi.waitFor(
      () => {
        const mail = smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
        return mail;
      },
      { timeout: 5_000, interval: 20 },
    );

  /** Lets the saved address's hold end by moving its start back a day. */
  const endHold = (id: number) =>
    t.db
      .update(withdrawalAddresses)
      .set({ usableFrom: sql`${withdrawalAddresses.usableFrom} - interval '1 day'` })
      .where(eq(withdrawalAddresses.id, id));

  it('a new address is refused before its hold ends and a mail names it; accepted after', async () => {
    const user = await fundedUser();
    const before = Date.now();
    const added = await api('POST', '/crypto/wallet/addresses', user.token, {
      address: OUTSIDE.toLowerCase(),
      label: '  Ledger  ',
    });
    expect(added.statusCode).toBe(201);
    const saved = added.json();
    expect(saved).toMatchObject({ address: OUTSIDE, label: 'Ledger' });
    const usableFrom = Date.parse(saved.usableFrom);
    expect(usableFrom).toBeGreaterThanOrEqual(before + DAY_MS - 1000);
    expect(usableFrom).toBeLessThanOrEqual(Date.now() + DAY_MS);

    const mail = await mailTo(user.user.email, /withdrawal address "Ledger" saved/);
    expect(mail.text).toContain(OUTSIDE);
    expect(mail.text).toMatch(/can receive withdrawals from \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d UTC/);

    const rowsBefore = await countAll(t);
    const refused = await api('POST', '/crypto/wallet/withdraw/', user.token, {
      address: OUTSIDE,
      amount: '1',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ADDRESS_ON_HOLD',
      details: { usableFrom: saved.usableFrom },
    });
    expect(refused.json().message).toMatch(/^This saved address can receive funds from /);
    expect(await countAll(t)).toBe(rowsBefore);
    expect(
      smtp.mails.some(
        (m) => m.to.includes(user.user.email) && /withdrawal confirmation code/.test(m.subject),
      ),
    ).toBe(false);

    await endHold(saved.id);
    const asked = await api('POST', '/crypto/wallet/withdraw/', user.token, {
      address: OUTSIDE,
      amount: '1',
    });
    expect(asked.statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec(
      (await mailTo(user.user.email, /withdrawal confirmation code/)).subject,
    )?.[1];
    const sent = await api(
      'POST',
      '/crypto/wallet/withdraw/',
      user.token,
      { address: OUTSIDE, amount: '1', code },
      { 'idempotency-key': `address-book-${user.user.id}` },
    );
    expect(sent.statusCode).toBe(202);
    expect(sent.json().transaction).toMatchObject({ type: 'OUTPUT', to: OUTSIDE });
  });

  it('lists the book newest first; a second save of an address is refused; removal is at once', async () => {
    const user = await registerUser(t.app);
    const first = await api('POST', '/crypto/wallet/addresses', user.token, {
      address: OUTSIDE,
      label: 'Cold',
    });
    await api('POST', '/crypto/wallet/addresses', user.token, { address: OTHER, label: 'Hot' });
    const again = await api('POST', '/crypto/wallet/addresses', user.token, {
      address: OUTSIDE.toLowerCase(),
      label: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { address: 'This address is already in your address book' },
    });
    const book = (await api('GET', '/crypto/wallet/addresses', user.token)).json();
    expect(book.onlySaved).toBe(false);
    expect(book.addresses.map((a: { label: string }) => a.label)).toEqual(['Hot', 'Cold']);

    const stranger = await registerUser(t.app);
    const notTheirs = await api(
      'DELETE',
      `/crypto/wallet/addresses/${first.json().id}`,
      stranger.token,
    );
    expect(notTheirs.statusCode).toBe(404);
    const removed = await api('DELETE', `/crypto/wallet/addresses/${first.json().id}`, user.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().addresses.map((a: { label: string }) => a.label)).toEqual(['Hot']);
  });

  it('refuses a label that is empty or too long, and a malformed address', async () => {
    const user = await registerUser(t.app);
    const empty = await api('POST', '/crypto/wallet/addresses', user.token, {
      address: OUTSIDE,
      label: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('label');
    const long = await api('POST', '/crypto/wallet/addresses', user.token, {
      address: OUTSIDE,
      label: 'x'.repeat(41),
    });
    expect(long.statusCode).toBe(400);
    const bad = await api('POST', '/crypto/wallet/addresses', user.token, {
      address: '0x1234',
      label: 'Bad',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('address');
    expect((await api('GET', '/crypto/wallet/addresses', user.token)).json().addresses).toEqual([]);
  });

  it('with "only to saved addresses" on, an unsaved or removed address is refused', async () => {
    const user = await fundedUser();
    const saved = (
      await api('POST', '/crypto/wallet/addresses', user.token, { address: OUTSIDE, label: 'Mine' })
    ).json();
    await endHold(saved.id);
    const on = await api('PATCH', '/crypto/wallet/addresses/only-saved', user.token, {
      onlySaved: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().onlySaved).toBe(true);

    const unsaved = await api('POST', '/crypto/wallet/withdraw/', user.token, {
      address: OTHER,
      amount: '1',
    });
    expect(unsaved.statusCode).toBe(403);
    expect(unsaved.json()).toMatchObject({
      code: 'ADDRESS_NOT_SAVED',
      fields: { address: expect.stringMatching(/only to your saved addresses/) },
    });
    const toSaved = await api('POST', '/crypto/wallet/withdraw/', user.token, {
      address: OUTSIDE,
      amount: '1',
    });
    expect(toSaved.statusCode).toBe(200);

    await api('DELETE', `/crypto/wallet/addresses/${saved.id}`, user.token);
    const removed = await api('POST', '/crypto/wallet/withdraw/', user.token, {
      address: OUTSIDE,
      amount: '1',
    });
    expect(removed.json().code).toBe('ADDRESS_NOT_SAVED');
  });

  it('with the switch turned off again, any address may receive', async () => {
    const user = await fundedUser();
    await api('PATCH', '/crypto/wallet/addresses/only-saved', user.token, { onlySaved: true });
    const off = await api('PATCH', '/crypto/wallet/addresses/only-saved', user.token, {
      onlySaved: false,
    });
    expect(off.json()).toEqual({ addresses: [], onlySaved: false });
    const any = await api('POST', '/crypto/wallet/withdraw/', user.token, {
      address: OTHER,
      amount: '1',
    });
    expect(any.statusCode).toBe(200);
  });

  it('the second step checks the book again: a code asked before the switch went on is refused', async () => {
    const user = await fundedUser();
    await api('POST', '/crypto/wallet/withdraw/', user.token, { address: OTHER, amount: '2' });
    const code = /\b(\d{6})\b/.exec(
      (await mailTo(user.user.email, /withdrawal confirmation code/)).subject,
    )?.[1];
    await api('PATCH', '/crypto/wallet/addresses/only-saved', user.token, { onlySaved: true });
    const rowsBefore = await countAll(t);
    const sent = await api(
      'POST',
      '/crypto/wallet/withdraw/',
      user.token,
      { address: OTHER, amount: '2', code },
      { 'idempotency-key': `only-saved-switch-${user.user.id}` },
    );
    expect(sent.statusCode).toBe(403);
    expect(sent.json().code).toBe('ADDRESS_NOT_SAVED');
    expect(await countAll(t)).toBe(rowsBefore);
  });
});
