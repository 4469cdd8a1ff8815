import { parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DepositWatcher } from './deposit-watcher.ts';

// Issue 46: a deposit shows while it waits for its confirmations ("3 of 15"), from its real
// sender (a test deposit is a mint, whose Transfer names the zero address), then confirms.
describe('a deposit on its way', () => {
  let t: TestApp;
  let c: TestChain;
  let deposits: DepositWatcher;

  const mine = (blocks: number) =>
    c.chain.publicClient.request({
      method: 'anvil_mine' as never,
      params: [`0x${blocks.toString(16)}`] as never,
    });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    c = await attachTestChain(t, { confirmations: 15 });
    deposits = new DepositWatcher(t.db, c.chain, t.app.log);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  it('counts its confirmations, names the real sender, and confirms once final', async () => {
    const user = await registerUser(t.app);
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/crypto/transaction',
          headers: bearer(user.token),
        })
      ).json().list;
    // Past the deployment by more than the confirmations, so the final block has the contracts.
    await mine(20);
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/api/crypto/wallet',
      headers: bearer(user.token),
    });
    expect(wallet.statusCode, wallet.body).toBe(200);
    const address = wallet.json().address as Address;
    await deposits.tick();

    // The development funding, USDT only ('0' BNB): one mint, nothing mined after it.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/dev/fund',
      headers: bearer(user.token),
      payload: { usdt: '50', bnb: '0' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const funded = response.json();
    expect(funded).toMatchObject({ address, bnb: '0' });
    expect(funded.hashes).toHaveLength(1);
    await deposits.tick();
    const [seen] = await list();
    expect(seen).toMatchObject({
      type: 'INPUT',
      status: 'PROCESSING',
      amount: parseUnits('50', 18).toString(),
      hash: funded.hashes[0],
      confirmations: { count: 1, required: 15 },
      gasFee: null,
    });
    expect(seen.from).toBe(c.chain.devFunder?.address);

    await mine(2);
    await deposits.tick();
    expect((await list())[0]).toMatchObject({
      status: 'PROCESSING',
      confirmations: { count: 3, required: 15 },
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/crypto/transaction/${seen.id}`,
      headers: bearer(user.token),
    });
    expect(one.json().confirmations).toEqual({ count: 3, required: 15 });

    await mine(12);
    await deposits.tick();
    const rows = await list();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: seen.id, status: 'CONFIRMED', confirmations: null });
    expect(rows[0].from).toBe(c.chain.devFunder?.address);
  }, 60_000);
});
