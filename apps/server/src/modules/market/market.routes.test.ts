import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, settleChain, usdtBalance, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { createPool } from '../../db/client.ts';
import { kycVerifications } from '../kyc/kyc.schema.ts';
import { setUserRole } from '../users/user-role.ts';
import { users } from '../users/users.schema.ts';
import { DepositWatcher } from '../wallet/deposit-watcher.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { MarketWatcher } from './market-watcher.ts';
import { marketPurchases } from './market.schema.ts';
import { MarketService } from './market.service.ts';

const USDT = (text: string) => parseUnits(text, 18);

describe('marketplace on a real chain', () => {
  let t: TestApp;
  let c: TestChain;
  let watcher: MarketWatcher;
  let deposits: DepositWatcher;
  let admin: Awaited<ReturnType<typeof registerUser>>;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const buy = (token: string, level: number, key: string = randomUUID()) =>
    inject('POST', '/crypto/nft/buy', token, { level }, { 'idempotency-key': key });

  async function fundedUser(usdt: string, bnb: string) {
    const user = await registerUser(t.app);
    const market = await inject('GET', '/crypto/market', user.token);
    expect(market.statusCode).toBe(200);
    const address = market.json().account.address as Address;
    await fundAddress(c.chain, address, { usdt: USDT(usdt), bnb: parseEther(bnb) });
    return { ...user, address };
  }

  async function approveKyc(userId: number, maxNftType: number) {
    await t.db.insert(kycVerifications).values({
      userId,
      status: 'approved',
      maxNftType,
      submittedAt: new Date(),
      decidedAt: new Date(),
    });
    await t.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, userId));
  }

  /** Runs the sender and the market watcher until nothing is open (instant mining). */
  const settle = () => settleChain(t, [watcher, deposits]);

  async function mint(level: number, count: number) {
    const response = await inject('POST', '/crypto/market/mint', admin.token, { level, count });
    expect(response.statusCode, response.body).toBe(200);
    await settle();
    return response.json();
  }

  const rowsOf = (userId: number) =>
    t.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.userId, userId))
      .orderBy(asc(chainTransactions.id));

  async function countAll(): Promise<number> {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chain_transactions`,
    );
    return result.rows[0]?.n ?? 0;
  }

  const read = <T>(functionName: string, args: readonly unknown[]) =>
    c.chain.publicClient.readContract({
      address: c.chain.contracts.market!,
      abi: MeeetMarketAbi,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<T>;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    c = await attachTestChain(t);
    watcher = new MarketWatcher(t.db, c.chain, t.app.log, (row) => t.app.chain.notify(row));
    await watcher.tick();
    deposits = new DepositWatcher(t.db, c.chain, t.app.log);
    await deposits.tick();
    admin = await registerUser(t.app);
    await setUserRole(t.db, admin.user.email, 'admin');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  it('shows prices, stock and queue to a guest, and the caller’s own state when signed in', async () => {
    const guest = await inject('GET', '/crypto/market');
    expect(guest.statusCode).toBe(200);
    const body = guest.json();
    expect(body).toMatchObject({ available: true, symbol: 'USDT', decimals: 18, account: null });
    expect(body.levels.map((l: { price: string }) => l.price)).toEqual([
      USDT('100').toString(),
      USDT('1000').toString(),
      USDT('10000').toString(),
    ]);
    expect(body.levels[0]).toMatchObject({
      level: 0,
      name: 'Silver',
      kycRequired: false,
      mine: null,
    });
    expect(body.levels[1]).toMatchObject({ level: 1, name: 'Gold', kycRequired: true });

    const user = await registerUser(t.app);
    const mine = (await inject('GET', '/crypto/market', user.token)).json();
    expect(mine.account).toMatchObject({ usdt: '0', bnb: '0' });
    expect(mine.levels[0].mine).toMatchObject({
      token: null,
      queuePosition: null,
      canBuy: false,
      reasons: ['insufficient-usdt', 'insufficient-bnb'],
    });
    expect(mine.levels[1].mine.reasons).toEqual([
      'kyc-required',
      'insufficient-usdt',
      'insufficient-bnb',
    ]);
  });

  it('refuses with clear errors and changes nothing', async () => {
    const before = await countAll();
    // A guest.
    const guest = await inject(
      'POST',
      '/crypto/nft/buy',
      undefined,
      { level: 0 },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'Please Log in for buy NFT',
    });
    const rich = await fundedUser('20000', '1');
    // Unknown level, missing key.
    for (const level of [3, -1, 'gold', 1.5, null]) {
      expect((await buy(rich.token, level as number)).statusCode, String(level)).toBe(400);
    }
    const noKey = await inject('POST', '/crypto/nft/buy', rich.token, { level: 0 });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields).toHaveProperty('idempotency-key');
    // Gold without KYC.
    const gold = await buy(rich.token, 1);
    expect(gold.statusCode).toBe(403);
    expect(gold.json()).toMatchObject({ details: { reason: 'kyc-required' } });
    expect(gold.json().message).toContain('KYC');
    // Platinum above maxNftType.
    await approveKyc(rich.user.id, 1);
    const platinum = await buy(rich.token, 2);
    expect(platinum.statusCode).toBe(403);
    expect(platinum.json()).toMatchObject({ details: { reason: 'kyc-level-too-low' } });
    expect(platinum.json().message).toContain('up to Gold');
    // Too little USDT.
    const poor = await fundedUser('99', '1');
    const noUsdt = await buy(poor.token, 0);
    expect(noUsdt.statusCode).toBe(422);
    expect(noUsdt.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { reason: 'insufficient-usdt', balance: USDT('99').toString() },
    });
    expect(noUsdt.json().message).toBe(
      'Insufficient funds: Silver costs 100 USDT, your balance is 99 USDT',
    );
    // Too little BNB.
    const noGas = await fundedUser('100', '0');
    const noBnb = await buy(noGas.token, 0);
    expect(noBnb.statusCode).toBe(422);
    expect(noBnb.json()).toMatchObject({
      code: 'INSUFFICIENT_FEE',
      details: { reason: 'insufficient-bnb', balance: '0' },
    });
    expect(BigInt(noBnb.json().details.minFee)).toBeGreaterThan(0n);
    expect(noBnb.json().message).toMatch(/at least 0\.\d+ BNB$/);
    // The fee in Russian is written with its decimal comma.
    const noBnbRu = await inject(
      'POST',
      '/crypto/nft/buy',
      noGas.token,
      { level: 0 },
      { 'idempotency-key': randomUUID(), 'accept-language': 'ru' },
    );
    expect(noBnbRu.json().message).toMatch(/^Недостаточно BNB .* хотя бы до 0,\d+ BNB$/);
    // Russian.
    const ru = await inject(
      'POST',
      '/crypto/nft/buy',
      poor.token,
      { level: 0 },
      {
        'idempotency-key': randomUUID(),
        'accept-language': 'ru',
      },
    );
    expect(ru.json().message).toContain('Недостаточно средств');
    expect(await countAll()).toBe(before);
  });

  it('buys from stock, refuses a second token of the level, pays generators 40%', async () => {
    await mint(0, 1);
    const buyer = await fundedUser('150', '1');
    const response = await buy(buyer.token, 0);
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json();
    expect(body.approve).toMatchObject({ type: 'APPROVE', amount: USDT('100').toString() });
    expect(body.transaction).toMatchObject({
      type: 'BUY_NFT',
      status: 'PROCESSING',
      amount: USDT('100').toString(),
    });
    await settle();
    const done = await inject('GET', `/crypto/transaction/${body.transaction.id}`, buyer.token);
    expect(done.json()).toMatchObject({ status: 'CONFIRMED' });
    const view = (await inject('GET', '/crypto/market', buyer.token)).json();
    const token = view.levels[0].mine.token;
    expect(token.name).toMatch(/^Silver #\d+$/);
    expect(view.levels[0].mine.reasons[0]).toBe('already-holds-level');

    const again = await buy(buyer.token, 0);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You already have NFT ${token.name}`);

    const nft = await inject('GET', `/crypto/market/nft/${token.id}`, buyer.token);
    expect(nft.json()).toMatchObject({
      id: token.id,
      type: 0,
      name: token.name,
      generators: [],
      owner: { address: buyer.address, userId: buyer.user.id, market: false, mine: true },
      queuePosition: null,
    });
    expect((await inject('GET', '/crypto/market/nft/999999')).statusCode).toBe(404);
    expect((await inject('GET', '/crypto/market/nft/abc')).statusCode).toBe(400);

    // A generated Gold token sells: both generators that are our users get a REWARD row.
    const genA = await fundedUser('0', '0');
    const genB = await fundedUser('0', '0');
    const service = new MarketService({ db: t.db, chain: t.app.chain, log: t.app.log });
    const generated = await service.mintGenerated(1, genA.address, genB.address);
    await approveKyc(buyer.user.id, 2);
    await fundAddress(c.chain, buyer.address, { usdt: USDT('1000'), bnb: 0n });
    expect((await buy(buyer.token, 1)).statusCode).toBe(202);
    await settle();
    for (const generator of [genA, genB]) {
      const rewards = (await rowsOf(generator.user.id)).filter((r) => r.type === 'REWARD');
      expect(rewards).toHaveLength(1);
      expect(rewards[0]).toMatchObject({ status: 'CONFIRMED', amount: USDT('200').toString() });
      expect(await usdtBalance(c.chain, generator.address)).toBe(USDT('200'));
      // The payout is not counted a second time as a deposit.
      expect((await rowsOf(generator.user.id)).filter((r) => r.type === 'INPUT')).toHaveLength(0);
    }
    const gnft = (await inject('GET', `/crypto/market/nft/${generated}`)).json();
    expect(gnft.generators).toEqual([
      { address: genA.address, userId: genA.user.id },
      { address: genB.address, userId: genB.user.id },
    ]);
  }, 60_000);

  it('a double-clicked buy (same key, at once) makes one purchase', async () => {
    await mint(0, 2);
    const buyer = await fundedUser('300', '1');
    const key = randomUUID();
    const responses = await Promise.all([buy(buyer.token, 0, key), buy(buyer.token, 0, key)]);
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(responses[0]!.json().transaction.id).toBe(responses[1]!.json().transaction.id);
    // Another key for the same level while the first is on its way is refused.
    await settle();
    const rows = await rowsOf(buyer.user.id);
    expect(rows.filter((r) => r.type === 'BUY_NFT')).toHaveLength(1);
    expect(await usdtBalance(c.chain, buyer.address)).toBe(USDT('200'));
    const reused = await inject(
      'POST',
      '/crypto/nft/buy',
      buyer.token,
      { level: 1 },
      {
        'idempotency-key': key,
      },
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  }, 60_000);

  it('20 buyers at once for 5 Silver: 5 sold, 15 queued in order, served by the next mint', async () => {
    const level = 0;
    // Empty the Silver stock left by earlier tests.
    const leftover = Number(await read<bigint>('stockOf', [level]));
    for (let i = 0; i < leftover; i++) {
      const drain = await fundedUser('100', '1');
      expect((await buy(drain.token, level)).statusCode).toBe(202);
    }
    await settle();
    expect(await read<bigint>('stockOf', [level])).toBe(0n);
    await mint(level, 5);

    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await fundedUser('100', '1'));
    const responses = await Promise.all(buyers.map((b) => buy(b.token, level)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    await settle();

    const purchases = await t.db
      .select()
      .from(marketPurchases)
      .where(
        sql`${marketPurchases.userId} in (${sql.join(
          buyers.map((b) => sql`${b.user.id}`),
          sql`, `,
        )})`,
      );
    expect(purchases.filter((p) => p.status === 'completed')).toHaveLength(5);
    const queuedRows = purchases.filter((p) => p.status === 'queued');
    expect(queuedRows).toHaveLength(15);
    // The chain's queue holds the queued buyers in the order their buys were mined, which is
    // the order the database recorded (one sender per address, nonces by row).
    const onChain = await read<readonly Address[]>('queuedBuyers', [level]);
    expect(onChain).toHaveLength(15);
    const byAddress = new Map(buyers.map((b) => [b.address.toLowerCase(), b]));
    const queuedIds = new Set(queuedRows.map((p) => p.userId));
    expect(onChain.every((a) => queuedIds.has(byAddress.get(a.toLowerCase())!.user.id))).toBe(true);
    const hashes = await t.db
      .select()
      .from(chainTransactions)
      .where(
        sql`${chainTransactions.id} in (${sql.join(
          queuedRows.map((p) => sql`${p.transactionId}`),
          sql`, `,
        )})`,
      );
    const blockOf = new Map(hashes.map((r) => [r.userId, BigInt(r.blockNumber ?? 0)]));
    const blocks = onChain.map((a) => blockOf.get(byAddress.get(a.toLowerCase())!.user.id)!);
    expect([...blocks].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(blocks);
    for (const p of queuedRows) {
      const row = hashes.find((r) => r.id === p.transactionId);
      expect(row?.status).toBe('PENDING');
    }
    const head = byAddress.get(onChain[0]!.toLowerCase())!;
    const headView = (await inject('GET', '/crypto/market', head.token)).json();
    expect(headView.levels[0].mine).toMatchObject({
      queuePosition: 1,
      prepaid: USDT('100').toString(),
      canBuy: false,
    });
    expect(headView.levels[0].mine.reasons[0]).toBe('already-queued');

    await mint(level, 15);
    for (const b of buyers) {
      const tokens = await read<readonly bigint[]>('tokensOf', [b.address]);
      expect(tokens[level]).not.toBe(0n);
      // Nobody paid twice: 100 USDT went out, exactly once.
      expect(await usdtBalance(c.chain, b.address)).toBe(0n);
      const [purchase] = await t.db
        .select()
        .from(marketPurchases)
        .where(eq(marketPurchases.userId, b.user.id));
      expect(purchase).toMatchObject({ status: 'completed', tokenId: tokens[level]!.toString() });
      const buyRows = (await rowsOf(b.user.id)).filter((r) => r.type === 'BUY_NFT');
      expect(buyRows).toHaveLength(1);
      expect(buyRows[0]!.status).toBe('CONFIRMED');
    }
    expect(await read<bigint>('queueLength', [level])).toBe(0n);
    expect(await read<bigint>('stockOf', [level])).toBe(0n);
  }, 180_000);

  it('leaves the queue with a refund; the purchase ends CANCELED', async () => {
    const buyer = await fundedUser('10000', '1');
    await approveKyc(buyer.user.id, 2);
    expect(await read<bigint>('stockOf', [2])).toBe(0n);
    const emitted: [string, string, unknown][] = [];
    const spy = vi.spyOn(t.app.io, 'to').mockImplementation(
      (room) =>
        ({
          emit: (event: string, payload: unknown) => emitted.push([String(room), event, payload]),
        }) as never,
    );
    const response = await buy(buyer.token, 2);
    expect(response.statusCode, response.body).toBe(202);
    await settle();
    // The buyer's sockets hear of the queued purchase, in their language.
    await vi.waitFor(() =>
      expect(emitted).toContainEqual([
        `user:${buyer.user.id}`,
        'notification',
        {
          text: 'You joined the queue for Platinum; the NFT is credited when your turn comes',
          color: 'success',
        },
      ]),
    );
    spy.mockRestore();
    expect(emitted).toContainEqual([
      `user:${buyer.user.id}`,
      'wallet',
      { transactionId: response.json().transaction.id, type: 'BUY_NFT', status: 'PENDING' },
    ]);
    const purchaseId = response.json().transaction.id;
    expect(
      (await inject('GET', `/crypto/transaction/${purchaseId}`, buyer.token)).json(),
    ).toMatchObject({ status: 'PENDING' });
    expect(await usdtBalance(c.chain, buyer.address)).toBe(0n);
    const notQueued = await inject(
      'POST',
      '/crypto/market/queue/leave',
      buyer.token,
      { level: 1 },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(notQueued.statusCode).toBe(409);
    const key = randomUUID();
    const leave = await inject(
      'POST',
      '/crypto/market/queue/leave',
      buyer.token,
      { level: 2 },
      {
        'idempotency-key': key,
      },
    );
    expect(leave.statusCode, leave.body).toBe(202);
    expect(leave.json()).toMatchObject({ level: 2, purchaseTransactionId: purchaseId });
    await settle();
    expect(await usdtBalance(c.chain, buyer.address)).toBe(USDT('10000'));
    expect(
      (await inject('GET', `/crypto/transaction/${purchaseId}`, buyer.token)).json(),
    ).toMatchObject({ status: 'CANCELED', error: 'market.transaction-canceled' });
    expect(
      (
        await inject('GET', `/crypto/transaction/${leave.json().transaction.id}`, buyer.token)
      ).json(),
    ).toMatchObject({ status: 'CONFIRMED' });
    expect(await read<bigint>('queueLength', [2])).toBe(0n);
    // The refund is not a deposit.
    const inputs = (await rowsOf(buyer.user.id)).filter((r) => r.type === 'INPUT');
    expect(inputs.map((r) => r.symbol).sort()).toEqual(['BNB', 'USDT']);
  }, 60_000);

  it('mint is for admins only, and validates its body', async () => {
    const user = await registerUser(t.app);
    expect(
      (await inject('POST', '/crypto/market/mint', user.token, { level: 0, count: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await inject('POST', '/crypto/market/mint', undefined, { level: 0, count: 1 })).statusCode,
    ).toBe(401);
    for (const body of [{ level: 3, count: 1 }, { level: 0, count: 0 }, { level: 0 }]) {
      expect((await inject('POST', '/crypto/market/mint', admin.token, body)).statusCode).toBe(400);
    }
  });
});

describe('a purchase survives a server killed right after broadcasting it', () => {
  let t: TestApp;
  let c: TestChain;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    c = await attachTestChain(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  it('a new app instance on the same database finishes it exactly once', async () => {
    const client = c.chain.publicClient;
    const hot = c.chain.walletClient(c.chain.keys.hot);
    await client.waitForTransactionReceipt({
      hash: await hot.writeContract({
        address: c.chain.contracts.market!,
        abi: MeeetMarketAbi,
        functionName: 'mintStock',
        args: [0, 1n],
      }),
    });
    // The first instance: its own pool, closed below as if the process died.
    const first = await buildApp(t.config, {
      pool: createPool(t.config.databaseUrl!),
      chain: c.chain,
    });
    const user = await registerUser(first);
    const address = c.chain.keys.depositAccount(user.user.id).address;
    await fundAddress(c.chain, address, { usdt: USDT('100'), bnb: parseEther('1') });
    // Nothing is mined while the first instance runs; then the node forgets the
    // transactions too (the worst case: signed and stored, never seen by the network).
    await client.request({ method: 'evm_setAutomine', params: [false] } as never);
    const key = randomUUID();
    const response = await first.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...bearer(user.token), 'idempotency-key': key },
      payload: { level: 0 },
    });
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json();
    expect(body.transaction.status).toBe('PROCESSING');
    await first.close();
    for (const hash of [body.approve.hash, body.transaction.hash]) {
      await client.request({ method: 'anvil_dropTransaction', params: [hash] } as never);
    }
    await client.request({ method: 'evm_setAutomine', params: [true] } as never);

    // The second instance resumes from the rows: re-broadcasts, settles, records the token.
    const second = t.app;
    const watcher = new MarketWatcher(t.db, c.chain, second.log);
    await watcher.tick();
    const { sender } = second.chain.require();
    for (let i = 0; i < 10; i++) {
      await sender.track();
      await watcher.tick();
    }
    const replay = await second.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...bearer(user.token), 'idempotency-key': key },
      payload: { level: 0 },
    });
    expect(replay.statusCode).toBe(202);
    expect(replay.json().transaction).toMatchObject({
      id: body.transaction.id,
      status: 'CONFIRMED',
      hash: body.transaction.hash,
    });
    const tokens = (await client.readContract({
      address: c.chain.contracts.market!,
      abi: MeeetMarketAbi,
      functionName: 'tokensOf',
      args: [address],
    })) as readonly bigint[];
    expect(tokens[0]).not.toBe(0n);
    expect(await usdtBalance(c.chain, address)).toBe(0n);
    const rows = await t.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.userId, user.user.id));
    expect(rows.map((r) => [r.type, r.status]).sort()).toEqual([
      ['APPROVE', 'CONFIRMED'],
      ['BUY_NFT', 'CONFIRMED'],
    ]);
  }, 60_000);
});
