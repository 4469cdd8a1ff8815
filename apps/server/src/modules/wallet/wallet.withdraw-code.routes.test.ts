import { eq } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { bearer, devMailboxCode, registerUser } from '../../../test/accounts.ts';
import { usdtBalance, type TestChain } from '../../../test/chain.ts';
import { useChainApp } from '../../../test/chain-app.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { oneTimeCodes } from '../codes/codes.schema.ts';
import { chainTransactions } from './wallet.schema.ts';
import { fundAddress } from './wallet.service.ts';

import { OUTSIDE, settleAll, USDT } from './wallet.test-support.ts';

describe('withdrawal confirmed by a mailed code', () => {
  let t: TestApp;
  let c: TestChain;

  useChainApp({ AUTH_RATE_LIMIT_PER_IP: '10000' }, (started) => ({ t, c } = started));

  it('mails a code, then sends with it once; the row goes REQUESTED → PROCESSING → CONFIRMED', async () => {
    const user = await registerUser(t.app);
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/api/crypto/wallet',
      headers: bearer(user.token),
    });
    const address = wallet.json().address as Address;
    await fundAddress(c.chain, address, { usdt: USDT('30'), bnb: parseEther('0.1') });
    const post = (payload: object, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/crypto/wallet/withdraw/',
        headers: { ...bearer(user.token), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });

    const step1 = await post({ address: OUTSIDE, amount: '12.25' });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ step: 'code-sent', retryAfterSeconds: 60 });
    const code = await devMailboxCode(t.db, user.user.email);
    const [stored] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, user.user.email));
    expect(stored?.purpose).toBe('withdrawal');

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(
      { address: OUTSIDE, amount: '12.25', code: wrong },
      'key-wrong-code-1',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CODE' });

    const step2 = await post({ address: OUTSIDE, amount: '12.25', code }, 'key-code-flow-1');
    expect(step2.statusCode).toBe(202);
    const tx = step2.json().transaction;
    expect(tx).toMatchObject({
      type: 'OUTPUT',
      status: 'PROCESSING',
      amount: USDT('12.25').toString(),
      symbol: 'USDT',
      from: address,
      to: OUTSIDE,
    });
    expect(tx.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const reserved = (
      await t.app.inject({ method: 'GET', url: '/api/crypto/wallet', headers: bearer(user.token) })
    ).json();
    // Mined at once on anvil: the balance already shows it, so nothing more is held back.
    expect(reserved.withdrawable).toBe(USDT('17.75').toString());

    // The code is used: a new request with it is refused; the replay is not.
    const again = await post({ address: OUTSIDE, amount: '12.25', code }, 'key-code-flow-2');
    expect(again.statusCode).toBe(400);
    const replay = await post({ address: OUTSIDE, amount: '12.25', code }, 'key-code-flow-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.json().transaction.id).toBe(tx.id);

    await settleAll(t);
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/crypto/transaction/${tx.id}`,
      headers: bearer(user.token),
    });
    expect(done.json()).toMatchObject({ id: tx.id, status: 'CONFIRMED', hash: tx.hash });
    expect(await usdtBalance(c.chain, address)).toBe(USDT('17.75'));
  }, 60_000);

  it('resumes after a crash: a signed row the node never saw is sent again by the tracker', async () => {
    const user = await registerUser(t.app);
    const address = (
      await t.app.inject({ method: 'GET', url: '/api/crypto/wallet', headers: bearer(user.token) })
    ).json().address as Address;
    await fundAddress(c.chain, address, { usdt: USDT('5'), bnb: parseEther('0.1') });
    // A row as a crash right after writing it leaves it: REQUESTED, never signed.
    const [row] = await t.db
      .insert(chainTransactions)
      .values({
        userId: user.user.id,
        type: 'OUTPUT',
        status: 'REQUESTED',
        symbol: 'USDT',
        amount: USDT('2').toString(),
        fromAddress: address,
        toAddress: OUTSIDE,
      })
      .returning();
    await settleAll(t);
    const [after] = await t.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.id, row!.id));
    expect(after).toMatchObject({ status: 'CONFIRMED' });
    expect(await usdtBalance(c.chain, address)).toBe(USDT('3'));
  }, 60_000);
});
