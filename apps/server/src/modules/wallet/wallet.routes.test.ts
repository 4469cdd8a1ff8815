import { erc20Abi, parseEther, type Address } from 'viem';
import { english, generateMnemonic, mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiInjector, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, usdtBalance, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { Chain } from '../chain/chain.client.ts';
import { DepositWatcher } from './deposit-watcher.ts';
import { fundAddress } from './wallet.service.ts';
import type { WalletServiceCodes } from './wallet.plugin.ts';

import { countAll, OUTSIDE, rows, settleAll, USDT } from './wallet.test-support.ts';

describe('wallet on a real chain', () => {
  let t: TestApp;
  let c: TestChain;
  /** Codes for this app: any six digits pass, so many withdrawals can run at once. */
  const codes: WalletServiceCodes = {
    issue: async () => ({ retryAfterSeconds: 60 }),
    consume: async (_tx, _email, _purpose, code) => code !== '999999',
  };

  const inject = apiInjector(() => t.app);
  /** A withdrawal as the app sends it, with its idempotency key when one is given. */
  const withdraw = (token: string, body: object, key?: string) =>
    inject('POST', '/crypto/wallet/withdraw/', token, body, key ? { 'idempotency-key': key } : {});

  async function fundedUser(usdt: string, bnb: string) {
    const user = await registerUser(t.app);
    const wallet = await inject('GET', '/crypto/wallet', user.token);
    expect(wallet.statusCode).toBe(200);
    const address = wallet.json().address as Address;
    await fundAddress(c.chain, address, { usdt: USDT(usdt), bnb: parseEther(bnb) });
    return { ...user, address };
  }

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000' }, { withdrawalCodes: codes });
    c = await attachTestChain(t);
    // The watcher starts from the current block; later deposits are all seen.
    await new DepositWatcher(t.db, c.chain, t.app.log).tick();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  it('describes the chain and the fee', async () => {
    const info = await inject('GET', '/crypto');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      blockchain: 'BSC',
      network: 'BEP-20',
      chainId: c.anvil.chainId,
      networkName: 'local',
      devFunding: true,
      symbol: 'USDT',
      decimals: 18,
      nativeSymbol: 'BNB',
      contracts: { usdt: c.chain.contracts.usdt },
    });
    const fee = await inject('GET', '/crypto/fee');
    expect(fee.statusCode).toBe(200);
    const body = fee.json();
    expect(BigInt(body.transferFee)).toBe(BigInt(body.gasLimit) * BigInt(body.gasPrice));
    expect(BigInt(body.transferFee)).toBeGreaterThan(0n);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/crypto/wallet', '/api/crypto/wallet/withdraw/']),
    );
  });

  it('records one INPUT per USDT and BNB deposit, also across a watcher restart', async () => {
    const user = await registerUser(t.app);
    const wallet = (await inject('GET', '/crypto/wallet', user.token)).json();
    const address = wallet.address as Address;
    expect(wallet).toMatchObject({ balance: '0', nativeBalance: '0', withdrawable: '0', nfts: [] });

    const emitted: [string, string, unknown][] = [];
    const spy = vi.spyOn(t.app.io, 'to').mockImplementation(
      (room) =>
        ({
          emit: (event: string, payload: unknown) => emitted.push([String(room), event, payload]),
        }) as never,
    );
    const first = t.app.chain.createWatcher(1000);
    await fundAddress(c.chain, address, { usdt: USDT('25.5'), bnb: parseEther('0.2') });
    await first.tick();
    await first.tick();
    // The user's room hears of each deposit after the commit, in their language.
    await vi.waitFor(() => expect(emitted.filter(([, e]) => e === 'notification')).toHaveLength(2));
    spy.mockRestore();
    expect(emitted).toContainEqual([
      `user:${user.user.id}`,
      'notification',
      { text: 'Deposit received: 25.5 USDT', color: 'success' },
    ]);
    expect(emitted.filter(([, e]) => e === 'wallet')).toHaveLength(2);
    let mine = await rows(t, user.user.id);
    expect(mine.map((r) => [r.type, r.status, r.symbol, r.amount])).toEqual([
      ['INPUT', 'CONFIRMED', 'USDT', USDT('25.5').toString()],
      ['INPUT', 'CONFIRMED', 'BNB', parseEther('0.2').toString()],
    ]);

    // "Server restart": the first watcher is gone, money arrives, a new one starts on the DB.
    const sender = mnemonicToAccount(c.anvil.mnemonic, { addressIndex: 3 });
    const outsider = c.chain.walletClient(sender);
    await fundAddress(c.chain, sender.address, { usdt: USDT('10'), bnb: 0n });
    const hash = await outsider.writeContract({
      address: c.chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, USDT('4')],
    });
    await c.chain.publicClient.waitForTransactionReceipt({ hash });
    const second = new DepositWatcher(t.db, c.chain, t.app.log);
    await second.tick();
    await first.tick();
    await second.tick();
    mine = await rows(t, user.user.id);
    expect(mine).toHaveLength(3);
    expect(mine[2]).toMatchObject({
      type: 'INPUT',
      symbol: 'USDT',
      amount: USDT('4').toString(),
      hash,
      fromAddress: sender.address,
    });

    const after = (await inject('GET', '/crypto/wallet', user.token)).json();
    expect(after).toMatchObject({
      address,
      balance: USDT('29.5').toString(),
      amount: USDT('29.5').toString(),
      withdrawable: USDT('29.5').toString(),
      nativeBalance: parseEther('0.2').toString(),
      canPayFee: true,
    });
    const list = await inject('GET', '/crypto/transaction?type=INPUT&limit=2', user.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ offset: 0, limit: 2, total: 3 });
    expect(list.json().list).toHaveLength(2);
    const one = await inject('GET', `/crypto/transaction/${mine[0]?.id}`, user.token);
    expect(one.json()).toMatchObject({ id: mine[0]?.id, type: 'INPUT', status: 'CONFIRMED' });
  });

  it('the running watcher records deposits by itself and stops cleanly', async () => {
    const user = await registerUser(t.app);
    const address = (await inject('GET', '/crypto/wallet', user.token)).json().address as Address;
    const watcher = t.app.chain.createWatcher(50);
    watcher.start();
    try {
      await fundAddress(c.chain, address, { usdt: USDT('7'), bnb: 0n });
      await vi.waitFor(async () => expect(await rows(t, user.user.id)).toHaveLength(1), {
        timeout: 5000,
      });
    } finally {
      await watcher.stop();
    }
    expect((await rows(t, user.user.id))[0]).toMatchObject({
      type: 'INPUT',
      amount: USDT('7').toString(),
    });
  });

  it('20 simultaneous withdrawals over the balance: chain and database agree, none twice', async () => {
    const user = await fundedUser('100', '1');
    const keys = Array.from({ length: 20 }, (_, i) => `withdraw-key-${user.user.id}-${i}`);
    const responses = await Promise.all(
      keys.map((key) =>
        withdraw(user.token, { address: OUTSIDE, amount: '10', code: '123456' }, key),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 202);
    const refused = responses.filter((r) => r.statusCode !== 202);
    // Reservations are exact: precisely the ten that fit go through.
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' });
    }
    const outsideBefore = await usdtBalance(c.chain, OUTSIDE);
    await settleAll(t);

    const outputs = (await rows(t, user.user.id)).filter((r) => r.type === 'OUTPUT');
    expect(outputs).toHaveLength(accepted.length);
    expect(outputs.every((r) => r.status === 'CONFIRMED')).toBe(true);
    expect(new Set(outputs.map((r) => r.hash)).size).toBe(outputs.length);
    expect(new Set(outputs.map((r) => r.nonce)).size).toBe(outputs.length);
    const sent = USDT('10') * BigInt(accepted.length);
    expect(await usdtBalance(c.chain, user.address)).toBe(USDT('100') - sent);
    expect(await usdtBalance(c.chain, OUTSIDE)).toBeGreaterThanOrEqual(outsideBefore);
    for (const row of outputs) {
      const receipt = await c.chain.publicClient.getTransactionReceipt({
        hash: row.hash as Address,
      });
      expect(receipt.status).toBe('success');
    }

    // A replay returns the first answer and sends nothing.
    const firstKey = keys[responses.indexOf(accepted[0]!)]!;
    const before = await countAll(t);
    const replay = await withdraw(
      user.token,
      { address: OUTSIDE, amount: '10', code: '123456' },
      firstKey,
    );
    expect(replay.statusCode).toBe(202);
    expect(replay.json().transaction.id).toBe(accepted[0]!.json().transaction.id);
    const reused = await withdraw(
      user.token,
      { address: OUTSIDE, amount: '1', code: '123456' },
      firstKey,
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await countAll(t)).toBe(before);
    expect(await usdtBalance(c.chain, user.address)).toBe(USDT('100') - sent);

    const wallet = (await inject('GET', '/crypto/wallet', user.token)).json();
    expect(wallet).toMatchObject({
      balance: (USDT('100') - sent).toString(),
      reserved: '0',
      withdrawable: (USDT('100') - sent).toString(),
    });
  }, 60_000);

  it('refuses without enough BNB for the fee, with balance and minimum fee (spec §8)', async () => {
    const user = await fundedUser('50', '0');
    const before = await countAll(t);
    const response = await withdraw(
      user.token,
      { address: OUTSIDE, amount: '1', code: '123456' },
      `fee-key-${user.user.id}`,
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('INSUFFICIENT_FEE');
    expect(body.message).toContain('not enough BNB to pay the network fee. Your balance is 0 BNB');
    expect(body.message).toMatch(/minimum transfer fee of 0\.\d+ BNB$/);
    expect(body.details.balance).toBe('0');
    expect(BigInt(body.details.minFee)).toBeGreaterThan(0n);
    expect(await countAll(t)).toBe(before);
  });

  it('refuses bad addresses, bad amounts and other users’ transactions, changing nothing', async () => {
    const user = await fundedUser('5', '0.1');
    const other = await registerUser(t.app);
    await new DepositWatcher(t.db, c.chain, t.app.log).tick();
    const lower = OUTSIDE.toLowerCase();
    // Flip the case of one letter of the checksummed address: the checksum no longer holds.
    const index = OUTSIDE.search(/[a-fA-F]/);
    const broken =
      OUTSIDE.slice(0, index) +
      (OUTSIDE[index] === OUTSIDE[index]!.toUpperCase()
        ? OUTSIDE[index]!.toLowerCase()
        : OUTSIDE[index]!.toUpperCase()) +
      OUTSIDE.slice(index + 1);
    const before = await countAll(t);
    const cases: [object, string][] = [
      [{ address: '0x1234', amount: '1' }, 'address'],
      [{ address: 'not an address', amount: '1' }, 'address'],
      [{ address: broken, amount: '1' }, 'address'],
      [{ address: '0x0000000000000000000000000000000000000000', amount: '1' }, 'address'],
      [{ address: user.address, amount: '1' }, 'address'],
      [{ address: OUTSIDE, amount: '-1' }, 'amount'],
      [{ address: OUTSIDE, amount: '0' }, 'amount'],
      [{ address: OUTSIDE, amount: '0.0000000000000000001' }, 'amount'],
      [{ address: OUTSIDE, amount: 'ten' }, 'amount'],
      [{ address: OUTSIDE, amount: 1 }, 'amount'],
      [{ address: OUTSIDE, amount: '1e3' }, 'amount'],
      [{ address: OUTSIDE }, 'amount'],
      [{ address: OUTSIDE, amount: '6' }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      for (const code of [undefined, '123456']) {
        const response = await withdraw(
          user.token,
          { ...payload, ...(code ? { code } : {}) },
          `bad-${user.user.id}-${Math.random()}`,
        );
        expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
        expect(response.json().fields?.[field], JSON.stringify(payload)).toBeTruthy();
      }
    }
    // The lower-case form of a valid address carries no checksum and is accepted.
    const ok = await withdraw(user.token, {
      address: lower,
      amount: '1',
    });
    expect(ok.statusCode).toBe(200);
    // Sending needs an idempotency key and the right code.
    const noKey = await withdraw(user.token, {
      address: OUTSIDE,
      amount: '1',
      code: '123456',
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields).toHaveProperty('idempotency-key');
    const wrongCode = await withdraw(
      user.token,
      { address: OUTSIDE, amount: '1', code: '999999' },
      `wrong-code-${user.user.id}`,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect(await countAll(t)).toBe(before);

    // Someone else's transaction is as good as absent.
    const theirs = (await rows(t, user.user.id))[0];
    expect(theirs).toBeDefined();
    const foreign = await inject('GET', `/crypto/transaction/${theirs!.id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const response = await inject('GET', `/crypto/transaction/${id}`, user.token);
      expect(response.statusCode, id).toBe(400);
    }
    expect((await inject('GET', '/crypto/transaction/987654321', user.token)).statusCode).toBe(404);
    for (const query of ['type=NOPE', 'status=nope', 'limit=0', 'limit=101', 'offset=-1', 'x=1']) {
      const response = await inject('GET', `/crypto/transaction?${query}`, user.token);
      expect(response.statusCode, query).toBe(400);
    }
    // Without a token nothing is shown.
    expect((await inject('GET', '/crypto/wallet')).statusCode).toBe(401);
    expect((await inject('GET', '/crypto/transaction')).statusCode).toBe(401);
    expect(await countAll(t)).toBe(before);
  });

  it('lists the tokens the user holds, with their generators', async () => {
    const buyer = await fundedUser('300', '1');
    const generator = await fundedUser('1', '0');
    const { chain } = c;
    const market = chain.contracts.market!;
    const hot = chain.walletClient(chain.keys.hot);
    const wait = async (hash: Promise<`0x${string}`>) => {
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: await hash });
      expect(receipt.status).toBe('success');
    };
    // One Silver from stock, one Gold generated by a meeting of `generator` and an outsider.
    await wait(
      hot.writeContract({
        address: market,
        abi: MeeetMarketAbi,
        functionName: 'mintStock',
        args: [0, 1n],
      }),
    );
    await wait(
      hot.writeContract({
        address: market,
        abi: MeeetMarketAbi,
        functionName: 'mintGenerated',
        args: [1, generator.address, OUTSIDE],
      }),
    );
    const own = chain.walletClient(chain.keys.depositAccount(buyer.user.id));
    await wait(
      own.writeContract({
        address: chain.contracts.usdt,
        abi: erc20Abi,
        functionName: 'approve',
        args: [market, USDT('1100')],
      }),
    );
    await fundAddress(chain, buyer.address, { usdt: USDT('800'), bnb: 0n });
    for (const level of [0, 1]) {
      await wait(
        own.writeContract({
          address: market,
          abi: MeeetMarketAbi,
          functionName: 'buy',
          args: [level],
        }),
      );
    }
    const wallet = (await inject('GET', '/crypto/wallet', buyer.token)).json();
    expect(wallet.nfts).toHaveLength(2);
    expect(wallet.nfts[0]).toMatchObject({ type: 0, generators: [], queuePosition: null });
    expect(wallet.nfts[0].name).toMatch(/^Silver #\d+$/);
    expect(wallet.nfts[1]).toMatchObject({
      type: 1,
      generators: [
        { address: generator.address, userId: generator.user.id },
        { address: OUTSIDE, userId: null },
      ],
    });
    expect(wallet.balance).toBe(USDT('0').toString());
  }, 60_000);

  it('funds a user on the development chain', async () => {
    const user = await registerUser(t.app);
    const response = await inject('POST', '/crypto/dev/fund', user.token, {
      usdt: '12.5',
      bnb: '0.5',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      usdt: USDT('12.5').toString(),
      bnb: parseEther('0.5').toString(),
    });
    expect(await usdtBalance(c.chain, body.address)).toBe(USDT('12.5'));
    const defaults = await inject('POST', '/crypto/dev/fund', user.token);
    expect(defaults.statusCode).toBe(200);
    expect((await inject('POST', '/crypto/dev/fund', user.token, { usdt: '-1' })).statusCode).toBe(
      400,
    );
    expect((await inject('POST', '/crypto/dev/fund')).statusCode).toBe(401);
  });

  it('reads only final blocks: a deposit undone by a reorganisation is never counted', async () => {
    const user = await registerUser(t.app);
    const address = (await inject('GET', '/crypto/wallet', user.token)).json().address as Address;
    // The same node read with 3 confirmations, by a watcher on the same database.
    const strict = new Chain({
      rpcUrl: c.anvil.rpcUrl,
      chainId: c.anvil.chainId,
      contracts: c.chain.contracts,
      confirmations: 3,
      explorerUrl: null,
      mnemonic: generateMnemonic(english),
      local: true,
    });
    const watcher = new DepositWatcher(t.db, strict, t.app.log);
    await watcher.tick();
    const client = c.chain.publicClient;
    const snapshot = await client.request({ method: 'evm_snapshot' } as never);
    const payer = c.chain.walletClient(mnemonicToAccount(c.anvil.mnemonic, { addressIndex: 6 }));
    await client.waitForTransactionReceipt({
      hash: await payer.sendTransaction({ to: address, value: parseEther('1') }),
    });
    await watcher.tick();
    expect(await rows(t, user.user.id)).toHaveLength(0);
    // The block holding the deposit is replaced before it became final.
    await client.request({ method: 'evm_revert', params: [snapshot] } as never);
    await client.request({ method: 'anvil_mine', params: ['0x4'] } as never);
    await watcher.tick();
    expect(await rows(t, user.user.id)).toHaveLength(0);
    expect(await client.getBalance({ address })).toBe(0n);
  });
});
