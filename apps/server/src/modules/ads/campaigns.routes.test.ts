import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adServeResponseSchema } from '@meeet/core/api/ads';
import { campaignSchema, campaignStatsSchema, type CampaignSave } from '@meeet/core/api/campaigns';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { settleLedger, usdtBalance, type TestChain } from '../../../test/chain.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { adsTestApp, headersInjector, type Registered } from './ads.test-support.ts';
import { adImpressions } from './ads.schema.ts';
import { approvedBusinessOwner } from '../business/business.test-support.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { makeRole, png, upload } from '../media/media.test-support.ts';
import { fix, meetUser, ok, openSocket, type ClientSocket } from '../meet/meet.test-support.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { CAMPAIGN_CHARGE_KEY_PREFIX } from './campaign-funds.ts';
import { CAMPAIGN_PRICE_SETTING } from './campaigns.service.ts';
import { settingsAuditRepository } from './settings-audit.repository.ts';

const USDT = (text: string) => parseUnits(text, 18);
const DAY_MS = 86_400_000;

describe('businesses’ campaigns', () => {
  let t: TestApp;
  let c: TestChain;
  let admin: Registered;
  let moderator: Registered;
  let url: string;
  const sockets: ClientSocket[] = [];

  const inject = headersInjector(() => t.app);

  const business = (venue: { lat: number; lon: number } | null = null) =>
    approvedBusinessOwner(t.app, t.db, venue);
  const addressOf = (user: Registered) => c.chain.keys.depositAccount(user.user.id).address;
  const fund = (user: Registered, usdt: string) =>
    fundAddress(c.chain, addressOf(user), { usdt: USDT(usdt), bnb: parseEther('1') });

  async function setPrice(usdt: string) {
    const response = await inject('PUT', '/control/campaign-price', bearer(admin.token), {
      pricePerThousand: usdt,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A campaign's body: what a test does not name is a small draft started a day ago. */
  const draft = (fields: Partial<CampaignSave> = {}): CampaignSave => ({
    title: 'Coffee for two',
    text: 'A free second cup after a MEEET meeting',
    link: 'https://example.com/cafe',
    placements: ['faq'],
    startsAt: new Date(Date.now() - DAY_MS).toISOString(),
    dailyCap: 5,
    ...fields,
  });

  async function create(owner: Registered, fields: Partial<CampaignSave> = {}) {
    const response = await inject('POST', '/campaigns', bearer(owner.token), draft(fields));
    expect(response.statusCode, response.body).toBe(200);
    return campaignSchema.parse(response.json());
  }
  const act = (owner: Registered, id: number, action: string) =>
    inject('POST', `/campaigns/${id}/${action}`, bearer(owner.token));
  const review = (id: number, body: object) =>
    inject('POST', `/control/campaigns/${id}/review`, bearer(moderator.token), body);
  async function approved(owner: Registered, fields: Partial<CampaignSave> = {}) {
    const campaign = await create(owner, fields);
    expect((await act(owner, campaign.id, 'submit')).statusCode).toBe(200);
    const response = await review(campaign.id, { decision: 'approve' });
    expect(response.statusCode, response.body).toBe(200);
    return campaignSchema.parse(response.json());
  }
  const serve = async (headers: Record<string, string>, placement: string) =>
    adServeResponseSchema.parse(
      (await inject('GET', `/ads?placement=${placement}&language=en`, headers)).json(),
    );
  /** `count` new visitors each shown the ad and seeing it (one impression each). */
  async function impressions(placement: string, title: string, count: number) {
    for (let i = 0; i < count; i++) {
      const { ad } = await serve({ 'x-fp': `fp-${randomUUID()}` }, placement);
      expect(ad?.title).toBe(title);
      const seen = await inject('POST', `/ads/impressions/${ad!.impressionId}/seen`, {});
      expect(seen.statusCode).toBe(200);
    }
  }
  async function mailsTo(user: Registered) {
    return t.db.select().from(devMailbox).where(eq(devMailbox.to, user.user.email));
  }
  const statsOf = async (owner: Registered, id: number) =>
    campaignStatsSchema.parse(
      (await inject('GET', `/campaigns/${id}/stats`, bearer(owner.token))).json(),
    );

  beforeAll(async () => {
    ({ t, c, admin, url } = await adsTestApp());
    moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
    await c?.stop();
  });

  it('runs a campaign only once approved and funded for a day at its cap', async () => {
    await setPrice('2');
    const owner = await business();
    const visitor = () => ({ 'x-fp': `fp-${randomUUID()}` });
    const draft = await create(owner, { placements: ['home'], title: 'Luna' });
    expect(draft.status).toBe('draft');
    expect((await serve(visitor(), 'home')).ad).toBeNull();

    expect(campaignSchema.parse((await act(owner, draft.id, 'submit')).json()).status).toBe(
      'pending',
    );
    expect((await serve(visitor(), 'home')).ad).toBeNull();
    // Nothing to resume before approval; an owner cannot approve.
    expect((await act(owner, draft.id, 'resume')).statusCode).toBe(409);
    expect(
      (
        await inject('POST', `/control/campaigns/${draft.id}/review`, bearer(owner.token), {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(403);

    // Approved without balance: it waits paused, and the owner is told.
    const paused = campaignSchema.parse((await review(draft.id, { decision: 'approve' })).json());
    expect(paused).toMatchObject({ status: 'paused', statusReason: 'no-balance' });
    expect((await mailsTo(owner)).some((m) => m.text.includes('paused'))).toBe(true);
    expect((await serve(visitor(), 'home')).ad).toBeNull();
    const refused = await act(owner, draft.id, 'resume');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });

    // A day at the cap costs 5 × 2 / 1000 = 0.01 USDT.
    await fund(owner, '0.01');
    const running = campaignSchema.parse((await act(owner, draft.id, 'resume')).json());
    expect(running.status).toBe('running');
    expect((await serve(visitor(), 'home')).ad?.title).toBe('Luna');
  });

  it('mails a refusal with its reason; a refused campaign is edited and sent again', async () => {
    const owner = await business();
    const campaign = await create(owner, { placements: ['home'], title: 'Loud' });
    await act(owner, campaign.id, 'submit');
    const queue = await inject('GET', '/control/campaigns', bearer(moderator.token));
    expect(queue.json().list).toContainEqual(
      expect.objectContaining({ id: campaign.id, businessName: `Café ${owner.user.id}` }),
    );
    expect((await review(campaign.id, { decision: 'refuse' })).statusCode).toBe(400);
    const refused = campaignSchema.parse(
      (await review(campaign.id, { decision: 'refuse', reason: 'The link is broken' })).json(),
    );
    expect(refused).toMatchObject({ status: 'refused', statusReason: 'The link is broken' });
    expect((await mailsTo(owner)).some((m) => m.text.includes('The link is broken'))).toBe(true);
    const edited = await inject('PUT', `/campaigns/${campaign.id}`, bearer(owner.token), {
      title: 'Quiet',
      text: 'Better',
      link: 'https://example.com/fixed',
      startsAt: new Date().toISOString(),
      dailyCap: 5,
    });
    expect(campaignSchema.parse(edited.json())).toMatchObject({ status: 'draft', title: 'Quiet' });
  });

  it('charges each day impressions × price exactly, once, and stops at zero', async () => {
    await setPrice('2');
    const owner = await business();
    await fund(owner, '0.02');
    const campaign = await approved(owner, { placements: ['account'], title: 'Charged' });
    expect(campaign.status).toBe('running');

    // Yesterday: three impressions (moved a day back, as the clock would have them).
    await impressions('account', 'Charged', 3);
    await t.db.execute(
      sql`update ad_impressions set served_at = served_at - interval '1 day' where campaign_id = ${campaign.id}`,
    );
    const now = new Date();
    expect(await t.app.campaignCharges.pass(now)).toBe(1);
    // Run again (a repeat, a second worker): nothing more is charged.
    expect(await t.app.campaignCharges.pass(now)).toBe(0);
    await settleLedger(t);
    const charges = await t.db
      .select()
      .from(chainTransactions)
      .where(
        and(
          eq(chainTransactions.userId, owner.user.id),
          sql`${chainTransactions.idempotencyKey} like ${`${CAMPAIGN_CHARGE_KEY_PREFIX}%`}`,
        ),
      );
    // 3 × 2 USDT / 1000 = 0.006 USDT, to the smallest unit.
    expect(charges.map((row) => [row.type, row.status, row.amount])).toEqual([
      ['OUTPUT', 'CONFIRMED', '6000000000000000'],
    ]);
    expect(await usdtBalance(c.chain, addressOf(owner))).toBe(USDT('0.014'));
    let stats = await statsOf(owner, campaign.id);
    expect(stats.days.find((d) => d.impressions === 3)?.charged).toBe('6000000000000000');
    expect(
      campaignSchema.parse(
        (await inject('GET', `/campaigns/${campaign.id}`, bearer(owner.token))).json(),
      ).status,
    ).toBe('running');

    // Today: five impressions at a price raised to 10 USDT cost 0.05; only 0.014 is left.
    await impressions('account', 'Charged', 5);
    await setPrice('10');
    expect(await t.app.campaignCharges.pass(new Date(now.getTime() + DAY_MS))).toBe(1);
    await settleLedger(t);
    expect(await usdtBalance(c.chain, addressOf(owner))).toBe(0n);
    stats = await statsOf(owner, campaign.id);
    expect(stats.days.find((d) => d.impressions === 5)?.charged).toBe('14000000000000000');
    expect(stats.totalCharged).toBe('20000000000000000');
    const after = campaignSchema.parse(
      (await inject('GET', `/campaigns/${campaign.id}`, bearer(owner.token))).json(),
    );
    expect(after).toMatchObject({ status: 'paused', statusReason: 'no-balance' });
    expect((await mailsTo(owner)).some((m) => m.text.includes('paused'))).toBe(true);
    expect((await serve({ 'x-fp': `fp-${randomUUID()}` }, 'account')).ad).toBeNull();

    const csv = await inject('GET', `/campaigns/${campaign.id}/stats.csv`, bearer(owner.token));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('day,served,impressions,clicks,ctr,charged_units');
    expect(csv.body).toContain(',5,5,0,0,14000000000000000');
  });

  it('shows an image its business uploaded to the campaign images, no one else’s', async () => {
    const owner = await business();
    const uploaded = await upload(t.app, owner.token, { album: 'ad_creatives' }, [
      { name: 'cup.png', type: 'image/png', data: await png() },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [image] = (uploaded.json() as { list: { id: string }[] }).list;
    expect((await create(owner, { imageId: image!.id })).imageId).toBe(image!.id);
    const other = await business();
    const refused = await inject(
      'POST',
      '/campaigns',
      bearer(other.token),
      draft({ title: 'Borrowed', imageId: image!.id }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fields: { imageId: 'Upload the image to your campaign images first' },
    });
  });

  it('keeps a business’s campaigns from every other caller', async () => {
    const owner = await business();
    const campaign = await create(owner);
    const other = await business();
    const stranger = await registerUser(t.app);
    const body = draft({ title: 'Mine now' });
    for (const [method, url, payload] of [
      ['GET', `/campaigns/${campaign.id}`, undefined],
      ['GET', `/campaigns/${campaign.id}/stats`, undefined],
      ['GET', `/campaigns/${campaign.id}/stats.csv`, undefined],
      ['PUT', `/campaigns/${campaign.id}`, body],
      ['POST', `/campaigns/${campaign.id}/submit`, undefined],
      ['POST', `/campaigns/${campaign.id}/end`, undefined],
    ] as const) {
      expect((await inject(method, url, bearer(other.token), payload)).statusCode).toBe(404);
      expect((await inject(method, url, bearer(stranger.token), payload)).statusCode).toBe(403);
    }
    expect((await inject('GET', '/campaigns', bearer(other.token))).json()).toEqual({ list: [] });
    expect((await inject('GET', '/control/campaigns', bearer(owner.token))).statusCode).toBe(403);
    const price = await inject('PUT', '/control/campaign-price', bearer(moderator.token), {
      pricePerThousand: '1',
    });
    expect(price.statusCode).toBe(403);
    const unchanged = campaignSchema.parse(
      (await inject('GET', `/campaigns/${campaign.id}`, bearer(owner.token))).json(),
    );
    expect(unchanged).toMatchObject({ status: 'draft', title: campaign.title });
  });

  it('audits each change of the price with its admin, before and after', async () => {
    const audited = () => settingsAuditRepository.changes(t.db, CAMPAIGN_PRICE_SETTING);
    const earlier = (await audited()).length;
    await setPrice('3');
    await setPrice('2.5');
    const refused = await inject('PUT', '/control/campaign-price', bearer(moderator.token), {
      pricePerThousand: '9',
    });
    expect(refused.statusCode).toBe(403);
    const rows = (await audited()).slice(earlier);
    expect(rows.map(({ actorId, before, after }) => ({ actorId, before, after }))).toEqual([
      {
        actorId: admin.user.id,
        before: rows[0]!.before,
        after: { pricePerThousand: USDT('3').toString() },
      },
      {
        actorId: admin.user.id,
        before: { pricePerThousand: USDT('3').toString() },
        after: { pricePerThousand: USDT('2.5').toString() },
      },
    ]);
  });

  it('targets an audience and an area only with the advertising consent', async () => {
    await setPrice('1');
    const owner = await business({ lat: 55.75, lon: 37.61 });
    await fund(owner, '1');
    await approved(owner, { placements: ['app'], title: 'For DE', countries: ['DE'] });
    const viewer = await registerUser(t.app);
    await inject('POST', '/user/profile-update', bearer(viewer.token), {
      country: 'DE',
      gender: 1,
      bdate: '1990-05-17T00:00:00.000Z',
    });
    const headers = bearer(viewer.token, `fp-${randomUUID()}`);
    expect((await serve(headers, 'app')).ad).toBeNull();
    await inject('POST', '/ads/consent', headers, { terms: true, analytics: false, ads: true });
    const shown = await serve(headers, 'app');
    expect(shown.ad).toMatchObject({ title: 'For DE', personalised: true });

    // An area needs a venue; around one it is audience, so a visitor without consent gets none.
    const brand = await business();
    const noVenue = await inject(
      'POST',
      '/campaigns',
      bearer(brand.token),
      draft({ title: 'Near', areaRadiusKm: 2 }),
    );
    expect(noVenue.statusCode).toBe(400);
    const near = await approved(owner, { placements: ['faq'], title: 'Near', areaRadiusKm: 2 });
    expect(near.area).toEqual({ lat: 55.75, lon: 37.61, radiusKm: 2 });
    expect((await serve({ 'x-fp': `fp-${randomUUID()}` }, 'faq')).ad).toBeNull();
    // With consent, a raised hand on the map near the venue sees it; one far away does not.
    async function onMap(lat: number, lon: number) {
      const user = await meetUser(t.app, t.db);
      const socket = await openSocket(url, user.token);
      sockets.push(socket);
      await ok(socket, 'hand:raise', { mood: 'just_chat' });
      await ok(socket, 'position', fix(lat, lon));
      const headers = bearer(user.token, `fp-${randomUUID()}`);
      await inject('POST', '/ads/consent', headers, { terms: true, analytics: false, ads: true });
      return headers;
    }
    expect((await serve(await onMap(55.755, 37.615), 'faq')).ad).toMatchObject({
      title: 'Near',
      personalised: true,
    });
    expect((await serve(await onMap(48.85, 2.35), 'faq')).ad).toBeNull();
    const seenRows = await t.db
      .select()
      .from(adImpressions)
      .where(eq(adImpressions.campaignId, near.id));
    expect(seenRows.map((row) => row.personalised)).toEqual([true]);
  });
});
