import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { DELETION_GRACE_MS } from '@meeet/core/rules/account-deletion';
import { apiInjector, registerUser, snapshot } from '../../../test/accounts.ts';
import { type TestChain } from '../../../test/chain.ts';
import { useChainApp } from '../../../test/chain-app.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { jpeg, upload } from '../media/media.test-support.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { USDT } from '../wallet/wallet.test-support.ts';
import { ledgerRow, messageBetween, one } from './account.test-support.ts';

describe('account deletion', () => {
  let t: TestApp;
  let c: TestChain;
  const inject = apiInjector(() => t.app);

  const login = (email: string, password: string) =>
    inject('POST', '/user/login', undefined, { email, password });

  /** Moves a pending deletion (and its job) into the past: the grace period is over. */
  async function graceOver(userId: number) {
    const past = new Date(Date.now() - DELETION_GRACE_MS - 60_000);
    await t.db.execute(
      sql`update account_deletions set requested_at = ${past}, erase_at = ${past} where user_id = ${userId}`,
    );
    await t.db.execute(
      sql`update jobs set run_at = ${past} where kind = 'account.erase' and (payload->>'userId')::int = ${userId}`,
    );
  }

  useChainApp(
    { AUTH_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_IP: '10000' },
    (started) => ({ t, c } = started),
  );

  it('signs the user out, and a sign-in within 30 days cancels it', async () => {
    const user = await registerUser(t.app);
    const status = await inject('GET', '/user/account/deletion', user.token);
    expect(status.json()).toMatchObject({
      eraseAt: null,
      needsForfeit: false,
      needsPassword: true,
    });

    const requested = await inject('POST', '/user/account/deletion', user.token, {
      password: user.password,
    });
    expect(requested.statusCode).toBe(200);
    const eraseAt = new Date(requested.json().eraseAt).getTime();
    expect(eraseAt - Date.now()).toBeGreaterThan(DELETION_GRACE_MS - 60_000);
    expect((await inject('GET', '/user/me', user.token)).statusCode).toBe(401);

    const again = await login(user.user.email, user.password);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ deletionCancelled: true });
    const after = await inject('GET', '/user/account/deletion', again.json().token);
    expect(after.json()).toMatchObject({ eraseAt: null });

    // The erase job left behind finds nothing to do, even once its time has come.
    await t.db.execute(sql`update jobs set run_at = now() where kind = 'account.erase'`);
    await t.app.jobs.drain();
    const me = await inject('GET', '/user/me', again.json().token);
    expect(me.json()).toMatchObject({ email: user.user.email });
    const next = await login(user.user.email, user.password);
    expect(next.json().deletionCancelled).toBeUndefined();
  });

  it('refuses a wrong password and changes nothing', async () => {
    const user = await registerUser(t.app);
    const before = await snapshot(t.db);
    const refused = await inject('POST', '/user/account/deletion', user.token, {
      password: 'not-the-password',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ password: 'Wrong current password' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('after 30 days erases personal data and keeps ledger rows anonymised', async () => {
    const user = await registerUser(t.app, { firstName: 'Ann', lastName: 'Smith' });
    const other = await registerUser(t.app);
    const id = user.user.id;
    await inject('PATCH', '/user/profile-update', user.token, { domain: `ann${id}` });
    const photo = await upload(t.app, user.token, { album: 'profile_photos' }, [
      { name: 'a.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    expect(photo.statusCode).toBeLessThan(300);
    const messageId = await messageBetween(t.db, id, other.user.id, 'call me on +1 555 0100');
    await ledgerRow(t.db, id, `0x${'ab'.repeat(32)}`);

    expect(
      (await inject('POST', '/user/account/deletion', user.token, { password: user.password }))
        .statusCode,
    ).toBe(200);
    await graceOver(id);
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);

    const row = await one<Record<string, unknown>>(t.db, sql`select * from users where id = ${id}`);
    expect(row).toMatchObject({
      email: `deleted-${id}@erased.invalid`,
      password_hash: null,
      first_name: null,
      last_name: null,
      domain: null,
      phone: null,
      bdate: null,
    });
    const media = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from media where owner_id = ${id}`,
    );
    expect(media?.n).toBe(0);
    const message = await one<{ text: string }>(
      t.db,
      sql`select text from meet_messages where id = ${messageId}`,
    );
    expect(message?.text).toBe('');
    const ledger = await one<{ user_id: number; hash: string }>(
      t.db,
      sql`select user_id, hash from chain_transactions where user_id = ${id}`,
    );
    expect(ledger).toEqual({ user_id: id, hash: `0x${'ab'.repeat(32)}` });
    // The old address and password open nothing; the other user's profile view shows no name.
    expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    const seen = await inject('GET', `/user/profile/${id}`, other.token);
    expect(seen.json()).toMatchObject({ firstName: null, lastName: null, domain: null });
  });

  it('refuses while a balance above dust is held, unless the user forfeits it', async () => {
    const user = await registerUser(t.app);
    const wallet = await inject('GET', '/crypto/wallet', user.token);
    await fundAddress(c.chain, wallet.json().address, { usdt: USDT('3'), bnb: parseEther('0') });

    const status = await inject('GET', '/user/account/deletion', user.token);
    expect(status.json()).toMatchObject({ needsForfeit: true, usdt: USDT('3').toString() });
    const before = await snapshot(t.db);
    const refused = await inject('POST', '/user/account/deletion', user.token, {
      password: user.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Withdraw your balance and sell your tokens first, or confirm that they are forfeited',
    );
    expect(await snapshot(t.db)).toEqual(before);

    const forfeited = await inject('POST', '/user/account/deletion', user.token, {
      password: user.password,
      forfeit: true,
    });
    expect(forfeited.statusCode).toBe(200);
    const row = await one<{ forfeited: boolean }>(
      t.db,
      sql`select forfeited from account_deletions where user_id = ${user.user.id}`,
    );
    expect(row?.forfeited).toBe(true);
  });

  it('lets dust go without asking', async () => {
    const user = await registerUser(t.app);
    const wallet = await inject('GET', '/crypto/wallet', user.token);
    await fundAddress(c.chain, wallet.json().address, { usdt: USDT('0.01'), bnb: 0n });
    const response = await inject('POST', '/user/account/deletion', user.token, {
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
  });
});
