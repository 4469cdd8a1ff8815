import { desc, eq } from 'drizzle-orm';
import { maxUint256, parseEther, parseUnits, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { bearer, devMailboxCode, registerUser } from '../../../test/accounts.ts';
import { usdtBalance, type TestChain } from '../../../test/chain.ts';
import { useChainApp } from '../../../test/chain-app.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { BUY_SELECTOR } from './spendable.ts';
import { chainTransactions } from './wallet.schema.ts';
import { fundAddress } from './wallet.service.ts';

const USDT = (text: string) => parseUnits(text, 18);
const outside = (index: number) =>
  mnemonicToAccount('test test test test test test test test test test test junk', {
    addressIndex: index,
  }).address;

describe('wallet hardening', () => {
  let t: TestApp;
  let c: TestChain;
  let keyCounter = 0;

  useChainApp({ AUTH_RATE_LIMIT_PER_IP: '10000' }, (started) => ({ t, c } = started));

  const walletOf = async (token: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/crypto/wallet', headers: bearer(token) })
    ).json();

  async function fundedUser(usdt: string, bnb = '0.1') {
    const user = await registerUser(t.app);
    const address = (await walletOf(user.token)).address as Address;
    await fundAddress(c.chain, address, { usdt: USDT(usdt), bnb: parseEther(bnb) });
    return { ...user, address };
  }

  const withdraw = (token: string, payload: object, withKey = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/crypto/wallet/withdraw/',
      headers: {
        ...bearer(token),
        ...(withKey ? { 'idempotency-key': `hardening-${++keyCounter}` } : {}),
      },
      payload,
    });

  const outputs = (userId: number) =>
    t.db.select().from(chainTransactions).where(eq(chainTransactions.userId, userId));

  it('a code mailed for 1 USDT to X approves exactly that, nothing else', async () => {
    const user = await fundedUser('10');
    const x = outside(7);
    const y = outside(8);
    expect((await withdraw(user.token, { address: x, amount: '1' })).statusCode).toBe(200);
    const code = await devMailboxCode(t.db, user.user.email);

    for (const other of [
      { address: y, amount: '3' },
      { address: x, amount: '3' },
      { address: y, amount: '1' },
    ]) {
      const refused = await withdraw(user.token, { ...other, code }, true);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_CODE' });
    }
    expect(await usdtBalance(c.chain, y)).toBe(0n);
    expect(await outputs(user.user.id)).toHaveLength(0);

    const sent = await withdraw(user.token, { address: x, amount: '1', code }, true);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().transaction).toMatchObject({ amount: USDT('1').toString(), to: x });
  });

  it('the mail names the amount, the currency and the address', async () => {
    const user = await fundedUser('10');
    const x = outside(6);
    await withdraw(user.token, { address: x, amount: '2.5' });
    const [mail] = await t.db
      .select({ text: devMailbox.text })
      .from(devMailbox)
      .where(eq(devMailbox.to, user.user.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    const text = mail?.text ?? '';
    expect(text).toContain('2.5 USDT');
    expect(text).toContain(x);
    expect(text).toContain('only this amount to this address');
  });

  it.each([
    ['the USDT contract', () => c.chain.contracts.usdt],
    ['the market contract', () => c.chain.contracts.market as Address],
    ['the token contract', () => c.chain.contracts.token as Address],
    ['the hot wallet', () => c.chain.keys.hot.address],
  ])('refuses a withdrawal to %s', async (_name, target) => {
    const user = await fundedUser('10');
    const refused = await withdraw(user.token, { address: target(), amount: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.address).toBe(
      'This is an address of the MEEET platform itself: funds sent there would be lost',
    );
  });

  it("refuses another user's deposit address, saying internal transfers are not available", async () => {
    const user = await fundedUser('10');
    const other = await registerUser(t.app);
    const otherAddress = (await walletOf(other.token)).address as Address;
    const refused = await withdraw(user.token, { address: otherAddress, amount: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.address).toMatch(/Transfers between users are not available/);
  });

  it('refuses any contract address', async () => {
    const user = await fundedUser('10');
    const contract = outside(15);
    await c.chain.publicClient.request({
      method: 'anvil_setCode' as never,
      params: [contract, '0x6080604052'] as never,
    });
    const refused = await withdraw(user.token, { address: contract, amount: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.address).toMatch(/smart contract/);
  });

  it('counts a purchase in flight: 150 USDT held, 100 on its way → 50 withdrawable', async () => {
    const user = await fundedUser('150');
    // A purchase written and not yet mined (the market's sender holds it): the buy call data.
    await t.db.insert(chainTransactions).values({
      userId: user.user.id,
      type: 'BUY_NFT',
      status: 'REQUESTED',
      symbol: 'USDT',
      amount: USDT('100').toString(),
      fromAddress: user.address,
      toAddress: c.chain.contracts.market as Address,
      callData: `${BUY_SELECTOR}${'0'.repeat(64)}`,
      idempotencyKey: `in-flight-${user.user.id}`,
      requestHash: 'in-flight',
    });
    const wallet = await walletOf(user.token);
    expect(wallet.balance).toBe(USDT('150').toString());
    expect(wallet.withdrawable).toBe(USDT('50').toString());

    const refused = await withdraw(user.token, { address: outside(5), amount: '150' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await withdraw(user.token, { address: outside(5), amount: '50' })).statusCode).toBe(
      200,
    );
  });

  describe('dev funding', () => {
    const fund = (token: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/crypto/dev/fund',
        headers: bearer(token),
        payload,
      });

    it('refuses USDT past the token range and changes nothing', async () => {
      const user = await registerUser(t.app);
      const address = (await walletOf(user.token)).address as Address;
      const huge = (maxUint256 / 10n ** 18n).toString();
      const refused = await fund(user.token, { usdt: huge, bnb: '1' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { usdt: expect.any(String) },
      });
      expect(await usdtBalance(c.chain, address)).toBe(0n);
      expect(await c.chain.publicClient.getBalance({ address })).toBe(0n);
    });

    it("refuses BNB past the funder's balance and changes nothing", async () => {
      const user = await registerUser(t.app);
      const address = (await walletOf(user.token)).address as Address;
      const refused = await fund(user.token, { usdt: '5', bnb: '100000000' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toMatchObject({ bnb: expect.any(String) });
      expect(await usdtBalance(c.chain, address)).toBe(0n);
      expect(await c.chain.publicClient.getBalance({ address })).toBe(0n);
    });
  });
});
