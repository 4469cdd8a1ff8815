import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { HttpRequestError, parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPromoCode } from '@meeet/core/rules/promo-code';
import { apiInjector, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, usdtBalance, type TestChain, settleLedger } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { setUserRole } from '../users/user-role.ts';
import { DepositWatcher } from '../wallet/deposit-watcher.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { MarketWatcher } from '../market/market-watcher.ts';
import { ReferralPayoutWorker } from './referral-payout.worker.ts';
import { referralClicks, referralLinks, referralRewards } from './referral.schema.ts';

const USDT = (text: string) => parseUnits(text, 18);
const DAY = 86_400_000;

describe('referral programme on a real chain', () => {
  let t: TestApp;
  let c: TestChain;
  let watcher: MarketWatcher;
  let deposits: DepositWatcher;
  let admin: Awaited<ReturnType<typeof registerUser>>;

  const inject = apiInjector(() => t.app);

  /** Registers under `referrer` (if any) from its own device. */
  const join = (referrerId?: number, fingerprint = `fp-${randomUUID()}`) =>
    registerUser(t.app, referrerId ? { promocode: formatPromoCode(referrerId) } : {}, {
      'x-fp': fingerprint,
    });

  const worker = (now?: () => Date) =>
    new ReferralPayoutWorker(t.db, t.app.chain, t.app.log, {
      minimum: USDT('1'),
      intervalMs: 1000,
      ...(now ? { now } : {}),
    });

  /** Runs the sender and the watchers until nothing is open (instant mining). */
  async function settle(): Promise<void> {
    await settleLedger(t, [watcher, deposits]);
  }

  async function buySilver(user: { token: string }) {
    const market = await inject('GET', '/crypto/market', user.token);
    const address = market.json().account.address as Address;
    await fundAddress(c.chain, address, { usdt: USDT('100'), bnb: parseEther('1') });
    const response = await inject(
      'POST',
      '/crypto/nft/buy',
      user.token,
      { level: 0 },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(202);
    await settle();
    const buy = await t.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.id, response.json().transaction.id));
    expect(buy[0]?.status).toBe('CONFIRMED');
  }

  const rewardsOf = (userId: number) =>
    t.db.select().from(referralRewards).where(eq(referralRewards.userId, userId));

  const payoutRows = (userId: number) =>
    t.db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, userId), eq(chainTransactions.type, 'REWARD')));

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    c = await attachTestChain(t);
    watcher = new MarketWatcher(
      t.db,
      c.chain,
      t.app.log,
      (row) => t.app.chain.notify(row),
      2000,
      t.app.marketEvents,
    );
    await watcher.tick();
    deposits = new DepositWatcher(t.db, c.chain, t.app.log);
    await deposits.tick();
    admin = await registerUser(t.app);
    await setUserRole(t.db, admin.user.email, 'admin');
    const mint = await inject('POST', '/crypto/market/mint', admin.token, { level: 0, count: 5 });
    expect(mint.statusCode, mint.body).toBe(200);
    await settle();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  it('credits 10/5/2 USDT up a four-level chain on a purchase and pays each once, across a crash', async () => {
    const a = await join();
    const b = await join(a.user.id);
    const cc = await join(b.user.id);
    const d = await join(cc.user.id);

    await buySilver(d);

    expect((await rewardsOf(cc.user.id)).map((r) => [r.depth, r.amount, r.status])).toEqual([
      [1, USDT('10').toString(), 'accrued'],
    ]);
    expect((await rewardsOf(b.user.id)).map((r) => [r.depth, r.amount])).toEqual([
      [2, USDT('5').toString()],
    ]);
    expect((await rewardsOf(a.user.id)).map((r) => [r.depth, r.amount])).toEqual([
      [3, USDT('2').toString()],
    ]);
    // Nobody above the chain's top earns, and the buyer earns nothing from their own purchase.
    expect(await rewardsOf(d.user.id)).toEqual([]);

    const earners = [
      { user: cc, amount: USDT('10') },
      { user: b, amount: USDT('5') },
      { user: a, amount: USDT('2') },
    ];
    const addresses = earners.map((e) => c.chain.keys.depositAccount(e.user.user.id).address);
    const before = await Promise.all(addresses.map((addr) => usdtBalance(c.chain, addr)));

    // The first worker writes the payouts and sends one of them, then dies before recording
    // anything further (no settle, the other two never sent).
    const first = await worker().plan();
    expect(first).toHaveLength(3);
    const { sender } = t.app.chain.require();
    const sent = await sender.dispatch(first[0]!);
    expect(sent.status).toBe('PROCESSING');

    // A fresh worker finds nothing new to pay today; the sender's tracker finishes the rest.
    expect(await worker().pass()).toEqual([]);
    await settle();
    expect(await worker().pass()).toEqual([]);
    // The next day there is nothing accrued left either.
    expect(await worker(() => new Date(Date.now() + DAY)).pass()).toEqual([]);

    const after = await Promise.all(addresses.map((addr) => usdtBalance(c.chain, addr)));
    earners.forEach((earner, i) => {
      expect(after[i]! - before[i]!).toBe(earner.amount);
    });
    for (const earner of earners) {
      const rows = await payoutRows(earner.user.user.id);
      expect(rows.map((r) => [r.status, r.amount])).toEqual([
        ['CONFIRMED', earner.amount.toString()],
      ]);
      expect((await rewardsOf(earner.user.user.id)).map((r) => r.status)).toEqual(['paid']);
    }
    // The payouts are not mistaken for deposits.
    const inputs = await t.db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, cc.user.id), eq(chainTransactions.type, 'INPUT')));
    expect(inputs).toEqual([]);

    const rewards = await inject('GET', '/referral/rewards', cc.token);
    expect(rewards.statusCode, rewards.body).toBe(200);
    expect(rewards.json().items[0]).toMatchObject({
      depth: 1,
      source: 'business_purchase',
      amount: USDT('10').toString(),
      shareBp: 1000,
      status: 'paid',
      transaction: { type: 'REWARD', status: 'CONFIRMED' },
    });

    const stats = await inject('GET', '/referral/stats', a.token);
    expect(stats.json()).toMatchObject({
      totalIncome: USDT('2').toString(),
      totalAttracted: 3,
      levels: [1, 1, 1],
      pendingIncome: '0',
    });
  }, 120_000);

  it('makes the edge for a registration from the referrer’s own device, but it earns nothing', async () => {
    const device = `fp-${randomUUID()}`;
    const owner = await join(undefined, device);
    const sock = await join(owner.user.id, device);
    const edge = await t.db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.descendantId, sock.user.id));
    expect(edge).toMatchObject([{ ancestorId: owner.user.id, depth: 1, flagged: true }]);

    await buySilver(sock);
    expect((await rewardsOf(owner.user.id)).map((r) => [r.amount, r.status])).toEqual([
      ['0', 'void'],
    ]);
    expect(await worker().plan()).toEqual([]);
  }, 60_000);

  it('refuses self-referral, a second parent and a late save', async () => {
    const u = await join();
    const own = await inject('POST', `/referral/save/${formatPromoCode(u.user.id)}`, u.token);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid promocode' });

    const p = await join();
    const saved = await inject('POST', `/referral/save/${formatPromoCode(p.user.id)}`, u.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await inject('POST', `/referral/save/${formatPromoCode(admin.user.id)}`, u.token);
    expect(again.statusCode).toBe(409);
    // p now has a child: u's code would close a cycle, and is refused.
    const cycle = await inject('POST', `/referral/save/${formatPromoCode(u.user.id)}`, p.token);
    expect(cycle.statusCode).toBe(409);

    const bad = await inject('POST', '/referral/save/NOPE', u.token);
    expect(bad.statusCode).toBe(400);
  });

  it('lists a user’s referrals only inside the caller’s three levels', async () => {
    const a = await join();
    const b = await join(a.user.id);
    const c2 = await join(b.user.id);
    const d = await join(c2.user.id);
    const stranger = await join();

    const top = await inject('GET', '/referral/list', a.token);
    expect(top.json()).toMatchObject({ total: 1, items: [{ userId: b.user.id, depth: 1 }] });
    expect(top.json().items[0]).toMatchObject({ childrenCount: 1, level: 'human', income: '0' });
    const second = await inject('GET', `/referral/list/${b.user.id}`, a.token);
    expect(second.json()).toMatchObject({ total: 1, items: [{ userId: c2.user.id, depth: 2 }] });
    const third = await inject('GET', `/referral/list/${c2.user.id}`, a.token);
    expect(third.json()).toMatchObject({ total: 1, items: [{ userId: d.user.id, depth: 3 }] });
    expect(third.json().items[0].childrenCount).toBe(0);

    expect((await inject('GET', `/referral/list/${stranger.user.id}`, a.token)).statusCode).toBe(
      404,
    );
    expect((await inject('GET', `/referral/list/${a.user.id}`, b.token)).statusCode).toBe(404);
    expect((await inject('GET', '/referral/list/999999', a.token)).statusCode).toBe(404);
    const business = await inject('GET', '/referral/list?role=business', a.token);
    expect(business.json()).toMatchObject({ total: 0, items: [] });
    expect((await inject('GET', '/referral/list?limit=0', a.token)).statusCode).toBe(400);
  });

  it('counts a click once per visitor and code per 24 h, never a bot’s', async () => {
    const u = await join();
    const code = formatPromoCode(u.user.id);
    const visit = (fp: string, ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0') =>
      t.app.inject({
        method: 'GET',
        url: `/api/referral/track/${code}`,
        headers: { 'x-fp': fp, 'user-agent': ua },
      });
    expect((await visit('fp-v1')).json()).toEqual({ counted: true });
    expect((await visit('fp-v1')).json()).toEqual({ counted: false });
    expect((await visit('fp-v2')).json()).toEqual({ counted: true });
    expect(
      (await visit('fp-v3', 'Googlebot/2.1 (+http://www.google.com/bot.html)')).json(),
    ).toEqual({ counted: false });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/referral/track/MEEETZZ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid promocode');
  });

  it('answers stats for each period equal to a hand computation', async () => {
    const u = await join();
    const kids = [await join(u.user.id), await join(u.user.id), await join(u.user.id)];
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    // Registrations: one today, one 10 days ago, one 40 days ago.
    await t.db
      .update(referralLinks)
      .set({ createdAt: at(10) })
      .where(eq(referralLinks.descendantId, kids[1]!.user.id));
    await t.db
      .update(referralLinks)
      .set({ createdAt: at(40) })
      .where(eq(referralLinks.descendantId, kids[2]!.user.id));
    const reward = (
      source: string,
      amount: bigint,
      daysAgo: number,
      from: number,
      ref: string,
    ) => ({
      userId: u.user.id,
      sourceUserId: from,
      depth: 1,
      source,
      eventRef: ref,
      baseAmount: (amount * 10n).toString(),
      shareBp: 1000,
      amount: amount.toString(),
      createdAt: at(daysAgo),
    });
    await t.db
      .insert(referralRewards)
      .values([
        reward('business_purchase', USDT('10'), 1, kids[0]!.user.id, 'h1'),
        reward('paid_meeting', USDT('3'), 3, kids[0]!.user.id, 'h2'),
        reward('business_purchase', USDT('100'), 10, kids[1]!.user.id, 'h3'),
        reward('basic_meeting', USDT('1'), 20, kids[1]!.user.id, 'h4'),
        reward('business_purchase', USDT('1000'), 45, kids[2]!.user.id, 'h5'),
      ]);
    await t.db.insert(referralClicks).values([
      { referrerId: u.user.id, visitor: 'a', createdAt: at(2) },
      { referrerId: u.user.id, visitor: 'b', createdAt: at(2) },
      { referrerId: u.user.id, visitor: 'c', createdAt: at(12) },
      { referrerId: u.user.id, visitor: 'd', createdAt: at(25) },
    ]);

    const response = await inject('GET', '/referral/stats', u.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const period = (name: string) =>
      body.periods.find((p: { period: string }) => p.period === name);

    expect(period('week')).toMatchObject({
      income: USDT('13').toString(),
      incomeBySource: {
        business_purchase: USDT('10').toString(),
        paid_meeting: USDT('3').toString(),
        basic_meeting: '0',
      },
      clicks: 2,
      registrations: 1,
      buyers: 1,
      registrationConversion: 0.5,
      buyerConversion: 1,
    });
    expect(period('week').daily).toHaveLength(7);
    const yesterday = at(1).toISOString().slice(0, 10);
    expect(period('week').daily.find((d: { day: string }) => d.day === yesterday)).toMatchObject({
      business_purchase: USDT('10').toString(),
    });
    expect(period('twoWeeks')).toMatchObject({
      income: USDT('113').toString(),
      clicks: 3,
      registrations: 2,
      buyers: 2,
      registrationConversion: 0.6667,
      buyerConversion: 1,
    });
    expect(period('twoWeeks').daily).toHaveLength(14);
    expect(period('month')).toMatchObject({
      income: USDT('114').toString(),
      incomeBySource: { basic_meeting: USDT('1').toString() },
      clicks: 4,
      registrations: 2,
      buyers: 2,
      registrationConversion: 0.5,
    });
    expect(body).toMatchObject({
      code: u.user.referralCode,
      linkPath: `/ref/${u.user.referralCode}`,
      level: 'human',
      totalIncome: USDT('1114').toString(),
      monthlyIncome: USDT('114').toString(),
      pendingIncome: USDT('1114').toString(),
      totalAttracted: 3,
      activeReferrals: 3,
      levels: [3, 0, 0],
    });

    const filtered = await inject(
      'GET',
      '/referral/rewards?period=twoWeeks&source=business_purchase',
      u.token,
    );
    expect(filtered.json().total).toBe(2);
  });

  it('lets only admins change the shares, and keeps each reward’s own share', async () => {
    const shares = { level1Bp: 2000, level2Bp: 500, level3Bp: 100 };
    const user = await join();
    expect((await inject('PUT', '/referral/settings', user.token, shares)).statusCode).toBe(403);
    const put = await inject('PUT', '/referral/settings', admin.token, shares);
    expect(put.statusCode, put.body).toBe(200);
    expect((await inject('GET', '/referral/settings', admin.token)).json()).toEqual(shares);
    // The earlier rewards still carry 10%.
    const old = await t.db.select().from(referralRewards).where(eq(referralRewards.depth, 1));
    expect(old.every((r) => r.shareBp === 1000)).toBe(true);
    await inject('PUT', '/referral/settings', admin.token, {
      level1Bp: 1000,
      level2Bp: 500,
      level3Bp: 200,
    });
  });

  it('keeps its rollups equal to the tree, and users.referrer_id equal to the level-1 edge', async () => {
    const a = await join();
    const b1 = await join(a.user.id);
    const b2 = await join(a.user.id);
    await join(b1.user.id);
    // A late save makes the edge and the users row follows it.
    const x = await join();
    const saved = await inject('POST', `/referral/save/${formatPromoCode(b2.user.id)}`, x.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const referrerOf = async (id: number) =>
      (
        await t.db.execute<{ r: number | null }>(
          sql`select referrer_id as r from users where id = ${id}`,
        )
      ).rows[0]?.r;
    expect(await referrerOf(x.user.id)).toBe(b2.user.id);
    expect(await referrerOf(b1.user.id)).toBe(a.user.id);

    // Someone last seen 40 days ago joins under a (written directly, as an import would):
    // not active, until a session of theirs is used today.
    const old = (
      await t.db.execute<{ id: number }>(
        sql`insert into users (email, created_at) values (${`old-${randomUUID()}@example.com`},
          now() - interval '40 days') returning id`,
      )
    ).rows[0]!.id;
    await t.db.execute(
      sql`insert into sessions (user_id, last_seen_at) values (${old}, now() - interval '40 days')`,
    );
    await t.db.execute(
      sql`insert into referral_links (descendant_id, depth, ancestor_id) values (${old}, 1, ${a.user.id})`,
    );
    const stats = async () => (await inject('GET', '/referral/stats', a.token)).json();
    expect(await stats()).toMatchObject({ levels: [3, 2, 0], activeReferrals: 4 });
    expect(await referrerOf(old)).toBe(a.user.id);
    await t.db.execute(sql`update sessions set last_seen_at = now() where user_id = ${old}`);
    expect(await stats()).toMatchObject({ activeReferrals: 5 });

    // A level change moves b2 (and only b2) under the Business filter.
    await t.db.execute(sql`update users set referral_level = 'business' where id = ${b2.user.id}`);
    const business = (await inject('GET', '/referral/list?role=business', a.token)).json();
    expect(business).toMatchObject({
      total: 1,
      items: [{ userId: b2.user.id, level: 'business' }],
    });
    const human = (await inject('GET', '/referral/list?role=human', a.token)).json();
    expect(human.total).toBe(2);

    // A deleted account leaves every count: the figures equal a count of the tree's rows.
    await t.db.execute(sql`delete from users where id = ${b1.user.id}`);
    const counted = (
      await t.db.execute<{ levels: number[]; active: number; joined: number }>(
        sql`select array[count(*) filter (where l.depth = 1), count(*) filter (where l.depth = 2),
            count(*) filter (where l.depth = 3)]::int[] as levels,
          count(*) filter (where exists (select 1 from sessions s where s.user_id = l.descendant_id
            and s.last_seen_at >= now() - interval '1 day'))::int as active,
          count(*) filter (where l.depth = 1 and l.created_at >= now() - interval '1 day')::int
            as joined
          from referral_links l where l.ancestor_id = ${a.user.id}`,
      )
    ).rows[0]!;
    const after = await stats();
    expect(after).toMatchObject({ levels: counted.levels, activeReferrals: counted.active });
    expect(after.levels[0]).toBe(2);
    expect(after.periods[0]).toMatchObject({ registrations: counted.joined });
    const list = (await inject('GET', '/referral/list', a.token)).json();
    expect(list.total).toBe(2);
  });

  it('pays a reward and mints from the one hot wallet without sharing a nonce', async () => {
    const u = await join();
    const buyer = await join(u.user.id);
    await buySilver(buyer);
    await worker().plan();
    // Earlier tests left other accrued rewards due too; this test follows u's payout.
    const payout = (await payoutRows(u.user.id))[0]?.id;
    expect(payout).toBeDefined();

    // The payout is signed and committed, but its broadcast is lost (the node never saw it):
    // its nonce is ours alone, though the node's pending count does not show it yet.
    const { sender } = t.app.chain.require();
    const client = c.chain.publicClient;
    const send = client.sendRawTransaction.bind(client);
    client.sendRawTransaction = async () => {
      client.sendRawTransaction = send;
      throw new HttpRequestError({ url: 'http://node.invalid', details: 'connection reset' });
    };
    const signed = await sender.dispatch(payout!);
    expect(signed.status).toBe('PROCESSING');
    expect(client.sendRawTransaction).toBe(send);

    // A mint from the hot wallet meanwhile takes the next nonce, not the payout's, and first
    // sends the payout again so it is not stuck behind it; both go through.
    let minted = false;
    const mint = inject('POST', '/crypto/market/mint', admin.token, { level: 0, count: 1 }).then(
      (response) => {
        minted = true;
        return response;
      },
    );
    for (let i = 0; i < 200 && !minted; i++) await sender.track();
    const response = await mint;
    expect(response.statusCode, response.body).toBe(200);
    await settle();
    const [row] = await t.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.id, payout!));
    expect(row).toMatchObject({ status: 'CONFIRMED', nonce: signed.nonce });
    expect((await rewardsOf(u.user.id)).map((r) => r.status)).toEqual(['paid']);
  }, 120_000);
});
