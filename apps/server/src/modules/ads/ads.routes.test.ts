import { randomUUID } from 'node:crypto';
import { createTestClient, createWalletClient, http, parseEther, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adServeResponseSchema, adStatsSchema, type AdCampaignSave } from '@meeet/core/api/ads';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeRole } from '../media/media.test-support.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

describe('house ads', () => {
  let t: TestApp;
  let c: TestChain;
  let admin: Registered;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
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
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    c = await attachTestChain(t);
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
  }, 60_000);
  afterAll(async () => {
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
});
