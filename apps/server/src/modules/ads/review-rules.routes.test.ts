import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignQueueSchema, campaignSchema, type CampaignSave } from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import {
  DEFAULT_REVIEW_RULES,
  reviewLimitsSchema,
  reviewRulesViewSchema,
  type ReviewRulesInput,
} from '@meeet/core/api/review-rules';
import { reviewRulesPaths } from '@meeet/core/api/review-rules-paths';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildApp, type App } from '../../app.ts';
import { createPool } from '../../db/client.ts';
import { adCampaigns } from './ads.schema.ts';
import { approvedBusinessOwner } from '../business/business.test-support.ts';
import { makeRole } from '../media/media.test-support.ts';
import { reviewRules } from './review-rules.schema.ts';
import { REVIEW_RULES_SETTING } from './review-rules.service.ts';
import { settingsAuditRepository } from './settings-audit.repository.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/** The admins' review rules (issue 44 item 5): who may read and change them, and each rule. */
describe('review rules', () => {
  let t: TestApp;
  let admin: Registered;
  let moderator: Registered;
  let user: Registered;
  let owner: Registered;

  const send = (
    app: App,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    send(t.app, method, url, token, payload);

  const setRules = async (patch: Partial<ReviewRulesInput>) => {
    const response = await inject('PUT', reviewRulesPaths.control, admin.token, {
      ...DEFAULT_REVIEW_RULES,
      ...patch,
    });
    expect(response.statusCode, response.body).toBe(200);
    return reviewRulesViewSchema.parse(response.json());
  };

  const draft = (fields: Partial<CampaignSave> = {}): CampaignSave => ({
    title: 'Coffee for two',
    text: 'A free second cup after a MEEET meeting',
    link: 'https://example.com/cafe',
    placements: ['faq'],
    startsAt: new Date().toISOString(),
    dailyCap: 100,
    ...fields,
  });
  const create = async (fields: Partial<CampaignSave> = {}) => {
    const response = await inject('POST', campaignsPaths.mine, owner.token, draft(fields));
    expect(response.statusCode, response.body).toBe(200);
    return campaignSchema.parse(response.json());
  };
  const campaignCount = async () =>
    (await t.db.select().from(adCampaigns).where(eq(adCampaigns.ownerId, owner.user.id))).length;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    user = await registerUser(t.app);
    owner = await approvedBusinessOwner(t.app, t.db, { lat: 55.75, lon: 37.62 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('starts from the defaults; moderators read all, users only the limits; only admins change', async () => {
    const read = await inject('GET', reviewRulesPaths.control, moderator.token);
    expect(read.statusCode).toBe(200);
    expect(reviewRulesViewSchema.parse(read.json())).toEqual({
      rules: { ...DEFAULT_REVIEW_RULES, maxAreaRadiusKm: 25, reviewWithinHours: 48 },
      updatedAt: null,
    });
    expect((await inject('GET', reviewRulesPaths.control, user.token)).statusCode).toBe(403);
    const limits = await inject('GET', reviewRulesPaths.limits, user.token);
    expect(limits.statusCode).toBe(200);
    expect(reviewLimitsSchema.strict().parse(limits.json())).toEqual({
      maxAreaRadiusKm: 25,
      minDailyCap: DEFAULT_REVIEW_RULES.minDailyCap,
      maxDailyCap: DEFAULT_REVIEW_RULES.maxDailyCap,
      reviewWithinHours: 48,
    });

    const change = { ...DEFAULT_REVIEW_RULES, reviewWithinHours: 24 };
    for (const caller of [user, moderator]) {
      expect((await inject('PUT', reviewRulesPaths.control, caller.token, change)).statusCode).toBe(
        403,
      );
    }
    expect(await t.db.select().from(reviewRules)).toEqual([]);
    expect(await settingsAuditRepository.changes(t.db, REVIEW_RULES_SETTING)).toEqual([]);
  });

  it('refuses rules out of bounds and changes nothing', async () => {
    const bad: Partial<ReviewRulesInput>[] = [
      { maxAreaRadiusKm: 51 },
      { maxAreaRadiusKm: 0 },
      { minDailyCap: 500, maxDailyCap: 499 },
      { maxDailyCap: 1_000_001 },
      { reviewWithinHours: 0 },
      { blockedWords: ['x'.repeat(41)] },
      { blockedWords: Array.from({ length: 201 }, (_, i) => `w${i}`) },
    ];
    for (const patch of bad) {
      const response = await inject('PUT', reviewRulesPaths.control, admin.token, {
        ...DEFAULT_REVIEW_RULES,
        ...patch,
      });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
    }
    const caps = await inject('PUT', reviewRulesPaths.control, admin.token, {
      ...DEFAULT_REVIEW_RULES,
      minDailyCap: 500,
      maxDailyCap: 499,
    });
    expect(caps.json().fields).toEqual({
      maxDailyCap: 'The largest daily cap must not be below the smallest',
    });
    expect(await t.db.select().from(reviewRules)).toEqual([]);
  });

  it('saves an admin’s change with an audit row of before and after; words are normalised', async () => {
    const saved = await setRules({
      maxAreaRadiusKm: 10,
      blockedWords: [' Casino ', 'casino', 'Cheap Beer'],
    });
    expect(saved.rules).toMatchObject({
      maxAreaRadiusKm: 10,
      blockedWords: ['casino', 'cheap beer'],
    });
    expect(saved.updatedAt).not.toBeNull();
    const audit = await settingsAuditRepository.changes(t.db, REVIEW_RULES_SETTING);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      before: { ...DEFAULT_REVIEW_RULES },
      after: {
        ...DEFAULT_REVIEW_RULES,
        maxAreaRadiusKm: 10,
        blockedWords: ['casino', 'cheap beer'],
      },
    });
    const read = reviewRulesViewSchema.parse(
      (await inject('GET', reviewRulesPaths.control, moderator.token)).json(),
    );
    expect(read).toEqual(saved);
    await setRules({});
  });

  it('refuses a campaign whose area is larger than the limit, naming it, on create and edit', async () => {
    await setRules({ maxAreaRadiusKm: 5 });
    const before = await campaignCount();
    const refused = await inject(
      'POST',
      campaignsPaths.mine,
      owner.token,
      draft({ areaRadiusKm: 6 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'The area may be at most 5 km around your venue',
      fields: { areaRadiusKm: 'The area may be at most 5 km around your venue' },
    });
    expect(await campaignCount()).toBe(before);

    const campaign = await create({ areaRadiusKm: 5 });
    const edit = await inject(
      'PUT',
      campaignsPaths.one(campaign.id),
      owner.token,
      draft({ title: 'Wider', areaRadiusKm: 6 }),
    );
    expect(edit.statusCode).toBe(400);
    const [row] = await t.db.select().from(adCampaigns).where(eq(adCampaigns.id, campaign.id));
    expect(row).toMatchObject({ title: 'Coffee for two', areaRadiusKm: 5 });
    await setRules({});
  });

  it('keeps the daily cap within the limits, naming the one broken', async () => {
    await setRules({ minDailyCap: 50, maxDailyCap: 1000 });
    const before = await campaignCount();
    const low = await inject('POST', campaignsPaths.mine, owner.token, draft({ dailyCap: 49 }));
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('The daily cap must be at least 50 impressions');
    const high = await inject('POST', campaignsPaths.mine, owner.token, draft({ dailyCap: 1001 }));
    expect(high.statusCode).toBe(400);
    expect(high.json().fields).toEqual({
      dailyCap: 'The daily cap may be at most 1000 impressions',
    });
    expect(await campaignCount()).toBe(before);
    await create({ dailyCap: 50 });
    await setRules({});
  });

  it('refuses to submit a campaign holding a blocked word (whole word), in the caller’s language', async () => {
    const campaign = await create({ title: 'Casino night', text: 'Cheap beer and more' });
    const fine = await create({ title: 'Casinos nearby', text: 'Cheap beers' });
    await setRules({ blockedWords: ['CASINO'] });
    const refused = await inject('POST', campaignsPaths.action(campaign.id, 'submit'), owner.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The headline or text contains “casino”, which campaigns may not use. Remove it to submit',
    );
    const [row] = await t.db.select().from(adCampaigns).where(eq(adCampaigns.id, campaign.id));
    expect(row?.status).toBe('draft');
    const russian = await t.app.inject({
      method: 'POST',
      url: `/api${campaignsPaths.action(campaign.id, 'submit')}`,
      headers: { ...bearer(owner.token), 'accept-language': 'ru' },
    });
    expect(russian.json().message).toContain('«casino»');

    const submitted = await inject('POST', campaignsPaths.action(fine.id, 'submit'), owner.token);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await setRules({});
  });

  it('flags for moderators a waiting campaign with a word blocked after its submission', async () => {
    const campaign = await create({ title: 'Karaoke tonight' });
    expect(
      (await inject('POST', campaignsPaths.action(campaign.id, 'submit'), owner.token)).statusCode,
    ).toBe(200);
    await setRules({ blockedWords: ['karaoke'] });
    const queue = campaignQueueSchema.parse(
      (await inject('GET', campaignsPaths.reviewQueue, moderator.token)).json(),
    );
    const item = queue.list.find((entry) => entry.id === campaign.id);
    expect(item).toMatchObject({ blockedWord: 'karaoke' });
    expect(Date.parse(item?.waitingSince ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await setRules({});
  });

  it('is enforced at once by another process on the same database (no stale copy)', async () => {
    const other = await buildApp(t.config, { pool: createPool(t.config.databaseUrl!) });
    const createThere = () =>
      send(other, 'POST', campaignsPaths.mine, owner.token, draft({ dailyCap: 30 }));
    try {
      const first = await createThere();
      expect(first.statusCode, first.body).toBe(200);
      await setRules({ minDailyCap: 40 });
      const second = await createThere();
      expect(second.statusCode).toBe(400);
      expect(second.json().message).toBe('The daily cap must be at least 40 impressions');
    } finally {
      await other.close();
      await setRules({});
    }
  });
});
