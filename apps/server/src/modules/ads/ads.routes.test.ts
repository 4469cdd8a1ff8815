import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
  type Address,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adCampaignListSchema,
  adServeResponseSchema,
  adStatsSchema,
  type AdCampaignSave,
} from '@meeet/core/api/ads';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { type TestChain, settleLedger } from '../../../test/chain.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { adsTestApp, headersInjector, type Registered } from './ads.test-support.ts';
import { txOf } from '../../plugins/db.ts';
import { MarketWatcher } from '../market/market-watcher.ts';
import { meetUser, ok, openSocket, type ClientSocket } from '../meet/meet.test-support.ts';
import { currentOrLastMood } from '../meet/mood.service.ts';
import { DepositWatcher } from '../wallet/deposit-watcher.ts';
import { fundAddress } from '../wallet/wallet.service.ts';

describe('house ads', () => {
  let t: TestApp;
  let c: TestChain;
  let admin: Registered;
  let url: string;
  const sockets: ClientSocket[] = [];

  const inject = headersInjector(() => t.app);
  const asUser = (user: Registered, fp: string) => bearer(user.token, fp);

  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
  async function campaign(fields: Partial<AdCampaignSave>) {
    const response = await inject('POST', '/ads/campaigns', bearer(admin.token), {
      title: 'Ad',
      text: 'Text',
      link: 'https://example.com/offer',
      placements: ['faq'],
      startsAt: yesterday(),
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number };
  }
  const serve = async (headers: Record<string, string>, placement = 'faq', language = 'en') =>
    adServeResponseSchema.parse(
      (await inject('GET', `/ads?placement=${placement}&language=${language}`, headers)).json(),
    );
  const consent = (headers: Record<string, string>, ads: boolean) =>
    inject('POST', '/ads/consent', headers, { terms: true, analytics: false, ads });

  /** A user of a country, gender and birth date (what a personalised audience may target). */
  async function profiled(country: string) {
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-update',
      headers: bearer(user.token),
      payload: { country, gender: 1, bdate: '1990-05-17T00:00:00.000Z' },
    });
    return user;
  }

  beforeAll(async () => {
    ({ t, c, admin, url } = await adsTestApp());
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
    await c?.stop();
  });

  it('never personalises without the advertising consent: same visitor, consent on and off', async () => {
    const targeted = await campaign({
      title: 'For DE women',
      placements: ['account'],
      countries: ['DE'],
      genders: [1],
    });
    const general = await campaign({
      title: 'For all',
      placements: ['account'],
      viewerDailyCap: 50,
    });
    const user = await profiled('DE');
    const headers = asUser(user, `fp-${randomUUID()}`);

    // No consent recorded: only the campaign without an audience, not personalised.
    for (let i = 0; i < 5; i++) {
      const { ad } = await serve(headers, 'account');
      expect(ad?.title).toBe('For all');
      expect(ad?.personalised).toBe(false);
    }
    expect((await consent(headers, true)).statusCode).toBe(200);
    const withConsent = await serve(headers, 'account');
    expect(withConsent.ad?.personalised).toBe(true);
    // The audience campaign was never shown to this viewer, so it comes first now.
    expect(withConsent.ad?.title).toBe('For DE women');

    expect((await consent(headers, false)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const { ad } = await serve(headers, 'account');
      expect(ad?.title).toBe('For all');
      expect(ad?.personalised).toBe(false);
    }
    const stats = adStatsSchema.parse(
      (await inject('GET', `/ads/campaigns/${targeted.id}/stats`, bearer(admin.token))).json(),
    );
    expect(stats.days.reduce((sum, day) => sum + day.served, 0)).toBe(1);
    expect(general.id).toBeGreaterThan(0);
  });

  it('caps how often one viewer sees a campaign a day', async () => {
    await campaign({ title: 'Capped', placements: ['home'], viewerDailyCap: 2, languages: ['ru'] });
    const visitor = { 'x-fp': `fp-${randomUUID()}` };
    expect((await serve(visitor, 'home', 'ru')).ad?.title).toBe('Capped');
    expect((await serve(visitor, 'home', 'ru')).ad?.title).toBe('Capped');
    expect(await serve(visitor, 'home', 'ru')).toEqual({ ad: null, reason: 'none' });
    // Another viewer still gets it; the language rule holds.
    expect((await serve({ 'x-fp': `fp-${randomUUID()}` }, 'home', 'ru')).ad?.title).toBe('Capped');
    expect((await serve({ 'x-fp': `fp-${randomUUID()}` }, 'home', 'en')).ad).toBeNull();
  });

  it('counts a click once and redirects to the link; an impression once seen', async () => {
    const { id } = await campaign({ title: 'Click me', placements: ['app'] });
    const { ad } = await serve({ 'x-fp': `fp-${randomUUID()}` }, 'app');
    expect(ad).not.toBeNull();
    const impressionId = ad?.impressionId ?? '';
    for (let i = 0; i < 2; i++) {
      const seen = await inject('POST', `/ads/impressions/${impressionId}/seen`, {});
      expect(seen.statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const click = await t.app.inject({ method: 'GET', url: ad?.href ?? '' });
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe('https://example.com/offer');
    }
    const stats = adStatsSchema.parse(
      (await inject('GET', `/ads/campaigns/${id}/stats`, bearer(admin.token))).json(),
    );
    expect(stats.days).toEqual([
      expect.objectContaining({ served: 1, impressions: 1, clicks: 1, ctr: 1 }),
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ads/click/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });

  it('shows no ads to a token holder (the paid tier)', async () => {
    await campaign({ title: 'Free tier', placements: ['faq'], viewerDailyCap: 50 });
    const user = await registerUser(t.app);
    const headers = asUser(user, `fp-${randomUUID()}`);
    expect((await serve(headers)).ad?.title).toBe('Free tier');

    // The token's minter is the market contract; the test node lets us act as it.
    const market = c.chain.contracts.market;
    const token = c.chain.contracts.token;
    if (!market || !token) throw new Error('contracts missing');
    const node = createTestClient({ mode: 'anvil', transport: http(c.anvil.rpcUrl) });
    await node.impersonateAccount({ address: market });
    await node.setBalance({ address: market, value: parseEther('1') });
    const asMarket = createWalletClient({
      chain: c.chain.viemChain,
      transport: http(c.anvil.rpcUrl),
    });
    const hash = await asMarket.writeContract({
      account: market,
      address: token,
      abi: MeeetTokenAbi,
      functionName: 'mint',
      args: [c.chain.keys.depositAccount(user.user.id).address, 0, zeroAddress, zeroAddress],
    });
    await c.chain.publicClient.waitForTransactionReceipt({ hash });

    expect(await serve(headers)).toEqual({ ad: null, reason: 'paid' });
  });

  it('keeps campaigns and their statistics to admins', async () => {
    const user = await registerUser(t.app);
    expect((await inject('GET', '/ads/campaigns', bearer(user.token))).statusCode).toBe(403);
    expect((await inject('POST', '/ads/campaigns', bearer(user.token), {})).statusCode).toBe(403);
    expect((await inject('GET', '/ads/campaigns/1/stats', {})).statusCode).toBe(401);
    const bad = await inject('POST', '/ads/campaigns', bearer(admin.token), {
      title: 'x',
      text: 'y',
      link: 'javascript:alert(1)',
      placements: [],
      startsAt: 'now',
    });
    expect(bad.statusCode).toBe(400);
    expect((await consent({}, true)).statusCode).toBe(400);
  });

  /** Pauses every campaign so far, so a test sees only its own. */
  async function pauseAll() {
    const list = adCampaignListSchema.parse(
      (await inject('GET', '/ads/campaigns', bearer(admin.token))).json(),
    ).list;
    for (const { id, ...rest } of list) {
      const response = await inject('POST', '/ads/campaigns', bearer(admin.token), {
        ...rest,
        id,
        active: false,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }
  /** The titles of `count` ads served in a row (null: none). */
  async function titles(headers: Record<string, string>, placement: string, count = 4) {
    const seen: (string | null)[] = [];
    for (let i = 0; i < count; i++) seen.push((await serve(headers, placement)).ad?.title ?? null);
    return seen;
  }

  it('targets the mood of the hand raised now, else of the last one within 30 days', async () => {
    await pauseAll();
    await campaign({
      title: 'Romantic',
      placements: ['home'],
      moods: ['romantic'],
      viewerDailyCap: 50,
    });
    await campaign({
      title: 'Business',
      placements: ['home'],
      moods: ['business'],
      viewerDailyCap: 50,
    });
    const raiser = async (mood: string) => {
      const user = await meetUser(t.app, t.db);
      const socket = await openSocket(url, user.token);
      sockets.push(socket);
      await ok(socket, 'hand:raise', { mood });
      const headers = bearer(user.token, `fp-${randomUUID()}`);
      expect((await consent(headers, true)).statusCode).toBe(200);
      return { ...user, socket, headers };
    };
    const romantic = await raiser('romantic');
    const business = await raiser('business');
    expect(await titles(romantic.headers, 'home')).toEqual(Array(4).fill('Romantic'));
    expect(await titles(business.headers, 'home')).toEqual(Array(4).fill('Business'));
    expect((await serve(romantic.headers, 'home')).ad?.personalised).toBe(true);

    // A hand lowered still tells its mood (stored when it was raised) for 30 days.
    await ok(romantic.socket, 'hand:lower', {});
    await expect
      .poll(() => currentOrLastMood(txOf(t.db), t.app.presence, romantic.id))
      .toBe('romantic');
    expect(await titles(romantic.headers, 'home')).toEqual(Array(4).fill('Romantic'));

    // Consent off, same viewer: no audience campaign at all; on again: targeted again.
    expect((await consent(romantic.headers, false)).statusCode).toBe(200);
    expect(await serve(romantic.headers, 'home')).toEqual({ ad: null, reason: 'none' });
    expect((await consent(romantic.headers, true)).statusCode).toBe(200);
    expect((await serve(romantic.headers, 'home')).ad?.title).toBe('Romantic');

    // The mood of a hand up now wins over the stored one; a change of mood is stored too.
    await ok(business.socket, 'hand:raise', { mood: 'romantic' });
    expect((await serve(business.headers, 'home')).ad?.title).toBe('Romantic');
    await ok(business.socket, 'hand:lower', {});
    await expect
      .poll(() => currentOrLastMood(txOf(t.db), t.app.presence, business.id))
      .toBe('romantic');

    // A last hand older than 30 days tells nothing; nor does never raising one.
    await t.db.execute(
      sql`update meet_last_moods set raised_at = now() - interval '31 days' where user_id = ${romantic.id}`,
    );
    expect(await serve(romantic.headers, 'home')).toEqual({ ad: null, reason: 'none' });
    const never = await meetUser(t.app, t.db);
    const neverHeaders = bearer(never.token, `fp-${randomUUID()}`);
    await consent(neverHeaders, true);
    expect(await serve(neverHeaders, 'home')).toEqual({ ad: null, reason: 'none' });
  });

  it('targets token levels a free-tier viewer is queued for or held before, never a holder', async () => {
    await pauseAll();
    await campaign({ title: 'Silver fans', placements: ['faq'], levels: [0], viewerDailyCap: 50 });
    await campaign({
      title: 'Platinum fans',
      placements: ['faq'],
      levels: [2],
      viewerDailyCap: 50,
    });
    const watcher = new MarketWatcher(t.db, c.chain, t.app.log, (row) => t.app.chain.notify(row));
    const deposits = new DepositWatcher(t.db, c.chain, t.app.log);
    const settle = async () => {
      await settleLedger(t, [watcher, deposits]);
    };
    await settle();
    const buyer = async () => {
      const user = await registerUser(t.app);
      const headers = bearer(user.token, `fp-${randomUUID()}`);
      const market = await inject('GET', '/crypto/market', headers);
      expect(market.statusCode, market.body).toBe(200);
      const address = market.json().account.address as Address;
      await fundAddress(c.chain, address, { usdt: parseUnits('150', 18), bnb: parseEther('1') });
      await settle();
      expect((await consent(headers, true)).statusCode).toBe(200);
      const buy = await inject(
        'POST',
        '/crypto/nft/buy',
        { ...headers, 'idempotency-key': randomUUID() },
        { level: 0 },
      );
      expect(buy.statusCode, buy.body).toBe(202);
      await settle();
      return { ...user, headers, address };
    };

    // One Silver in stock: the first buyer holds it (the paid tier: no ads, whatever the levels).
    const mint = await inject('POST', '/crypto/market/mint', bearer(admin.token), {
      level: 0,
      count: 1,
    });
    expect(mint.statusCode, mint.body).toBe(200);
    await settle();
    const holder = await buyer();
    expect(await serve(holder.headers)).toEqual({ ad: null, reason: 'paid' });

    // The next buyer waits in the Silver queue: Silver campaigns, not Platinum ones.
    const queued = await buyer();
    const view = (await inject('GET', '/crypto/market', queued.headers)).json();
    expect(view.levels[0].mine.queuePosition).toBe(1);
    expect(await titles(queued.headers, 'faq')).toEqual(Array(4).fill('Silver fans'));

    // The holder gives the token away: a former holder, now of the free tier.
    const tokenId = BigInt(
      (await inject('GET', '/crypto/market', holder.headers)).json().levels[0].mine.token.id,
    );
    const own = createWalletClient({
      account: c.chain.keys.depositAccount(holder.user.id),
      chain: c.chain.viemChain,
      transport: http(c.anvil.rpcUrl),
    });
    const token = c.chain.contracts.token;
    if (!token) throw new Error('token contract missing');
    const hash = await own.writeContract({
      address: token,
      abi: MeeetTokenAbi,
      functionName: 'transferFrom',
      args: [holder.address, `0x${'42'.repeat(20)}`, tokenId],
    });
    await c.chain.publicClient.waitForTransactionReceipt({ hash });
    expect(await titles(holder.headers, 'faq')).toEqual(Array(4).fill('Silver fans'));

    // Without the consent, or without any interest, a level campaign is not shown.
    expect((await consent(queued.headers, false)).statusCode).toBe(200);
    expect(await serve(queued.headers)).toEqual({ ad: null, reason: 'none' });
    const newcomer = await registerUser(t.app);
    const newcomerHeaders = bearer(newcomer.token, `fp-${randomUUID()}`);
    await consent(newcomerHeaders, true);
    expect(await serve(newcomerHeaders)).toEqual({ ad: null, reason: 'none' });
  }, 90_000);

  it('refuses an unknown mood or level with a validation error, saving nothing', async () => {
    const before = adCampaignListSchema.parse(
      (await inject('GET', '/ads/campaigns', bearer(admin.token))).json(),
    ).list.length;
    const body = {
      title: 'Bad',
      text: 'Bad',
      link: 'https://example.com',
      placements: ['home'],
      startsAt: yesterday(),
    };
    for (const bad of [{ moods: ['angry'] }, { levels: [3] }, { levels: ['gold'] }]) {
      const response = await inject('POST', '/ads/campaigns', bearer(admin.token), {
        ...body,
        ...bad,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().message).toEqual(expect.any(String));
    }
    const saved = await campaign({ moods: ['just_chat', 'business'], levels: [1, 2] });
    expect(saved).toMatchObject({ moods: ['just_chat', 'business'], levels: [1, 2] });
    const after = adCampaignListSchema.parse(
      (await inject('GET', '/ads/campaigns', bearer(admin.token))).json(),
    ).list;
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ moods: ['just_chat', 'business'], levels: [1, 2] });
  });
});
