import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessModerationDetailSchema,
  businessModerationListSchema,
  businessSchema,
  myBusinessSchema,
  ownSpotSchema,
  spotListSchema,
} from '@meeet/core/api/business';
import { errorBodySchema } from '@meeet/core/api/errors';
import { formatPromoCode } from '@meeet/core/rules/promo-code';
import { apiInjector, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { txOf } from '../../plugins/db.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { makeRole } from '../media/media.test-support.ts';
import { businessDecisions, businesses } from './business.schema.ts';
import { application, verifiedUser } from './business.test-support.ts';

const SPOT = {
  name: 'Café Luna terrace',
  category: 'cafe',
  openingHours: 'Mon–Sun 9:00–22:00',
  lat: 52.52,
  lon: 13.405,
  perk: 'A free coffee for a MEEET meeting',
};

describe('business accounts', () => {
  let t: TestApp;
  let moderator: Awaited<ReturnType<typeof registerUser>>;
  const inject = apiInjector(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  async function lastMailTo(email: string) {
    const [mail] = await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    return mail;
  }

  /** A user whose application waits in the queue; its id. */
  async function applied(overrides = {}) {
    const owner = await verifiedUser(t.app, t.db);
    const response = await inject('POST', '/business', owner.token, application(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return { owner, id: businessSchema.parse(response.json()).id };
  }

  async function approved() {
    const { owner, id } = await applied();
    const response = await inject('PATCH', `/business/moderate/${id}`, moderator.token, {
      status: 'approved',
    });
    expect(response.statusCode, response.body).toBe(200);
    return { owner, id };
  }

  it('tells other modules a user’s business only once it is approved', async () => {
    const { owner, id } = await applied();
    expect(await t.app.business.approvedBusinessOf(owner.user.id)).toBeNull();
    await inject('PATCH', `/business/moderate/${id}`, moderator.token, { status: 'approved' });
    expect(await t.app.business.approvedBusinessOf(owner.user.id)).toEqual({
      id,
      name: 'Café Luna GmbH',
      venue: { lat: 52.52, lon: 13.405 },
    });
  });

  it('apply → ask for more (mailed) → re-apply → approve sets the Business level', async () => {
    const owner = await verifiedUser(t.app, t.db);
    const empty = await inject('GET', '/business', owner.token);
    expect(myBusinessSchema.parse(empty.json())).toEqual({ business: null });

    const sent = await inject('POST', '/business', owner.token, application());
    expect(sent.statusCode, sent.body).toBe(200);
    const business = businessSchema.parse(sent.json());
    expect(business).toMatchObject({ status: 'pending', country: 'DE', reason: null });

    const queue = businessModerationListSchema.parse(
      (await inject('GET', '/business/moderate/list?status=pending', moderator.token)).json(),
    );
    expect(queue.list.map((b) => b.id)).toContain(business.id);
    expect(queue.list.find((b) => b.id === business.id)?.ownerEmail).toBe(owner.user.email);

    const more = await inject('PATCH', `/business/moderate/${business.id}`, moderator.token, {
      status: 'needs-info',
      reason: 'Add the registration certificate number as printed',
    });
    expect(more.statusCode, more.body).toBe(200);
    expect((await lastMailTo(owner.user.email))?.text).toContain(
      'Your business application needs more: Add the registration certificate number as printed',
    );

    const again = await inject(
      'POST',
      '/business',
      owner.token,
      application({ registrationNumber: 'HRB 12345 B' }),
    );
    expect(again.json()).toMatchObject({ status: 'pending', registrationNumber: 'HRB 12345 B' });

    const yes = await inject('PATCH', `/business/moderate/${business.id}`, moderator.token, {
      status: 'approved',
    });
    expect(businessModerationDetailSchema.parse(yes.json())).toMatchObject({
      status: 'approved',
      history: [
        { fromStatus: null, toStatus: 'pending' },
        { fromStatus: 'pending', toStatus: 'needs-info' },
        { fromStatus: 'needs-info', toStatus: 'pending' },
        { fromStatus: 'pending', toStatus: 'approved' },
      ],
    });
    const mine = myBusinessSchema.parse((await inject('GET', '/business', owner.token)).json());
    expect(mine.business?.status).toBe('approved');
    expect((await inject('GET', '/user/me', owner.token)).json()).toMatchObject({
      referralLevel: 'business',
    });
    expect((await inject('GET', '/referral/stats', owner.token)).json()).toMatchObject({
      level: 'business',
    });
    expect((await lastMailTo(owner.user.email))?.text).toContain(
      'Your business account is approved',
    );

    const suspended = await inject('PATCH', `/business/moderate/${business.id}`, moderator.token, {
      status: 'suspended',
      reason: 'Complaints about the venue',
    });
    expect(suspended.json()).toMatchObject({
      status: 'suspended',
      reason: 'Complaints about the venue',
    });
    expect((await inject('GET', '/user/me', owner.token)).json()).toMatchObject({
      referralLevel: 'human',
    });
  });

  it('refuses bad applications and decisions with a clear error, changing nothing', async () => {
    const unverified = await registerUser(t.app);
    const early = await inject('POST', '/business', unverified.token, application());
    expect(early.statusCode).toBe(403);
    expect(errorBodySchema.parse(early.json()).message).toMatch(/Confirm your e-mail/);

    const owner = await verifiedUser(t.app, t.db);
    const bad = await inject('POST', '/business', owner.token, {
      ...application(),
      category: 'casino',
      website: 'not a site',
      legalName: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorBodySchema.parse(bad.json()).fields ?? {})).toEqual(
      expect.arrayContaining(['category', 'website', 'legalName']),
    );
    const foreignLogo = await inject(
      'POST',
      '/business',
      owner.token,
      application({ logoMediaId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(foreignLogo.statusCode).toBe(400);
    expect(
      (await t.db.select().from(businesses).where(eq(businesses.ownerId, owner.user.id))).length,
    ).toBe(0);

    const { id } = await applied();
    const twice = await inject('POST', '/business', owner.token, application());
    expect(twice.statusCode).toBe(200);
    const again = await inject('POST', '/business', owner.token, application());
    expect(again.statusCode).toBe(409);

    const noReason = await inject('PATCH', `/business/moderate/${id}`, moderator.token, {
      status: 'refused',
    });
    expect(noReason.statusCode).toBe(400);
    const jump = await inject('PATCH', `/business/moderate/${id}`, moderator.token, {
      status: 'suspended',
      reason: 'x',
    });
    expect(jump.statusCode).toBe(409);
    expect(errorBodySchema.parse(jump.json()).message).toBe(
      'A business cannot change from pending to suspended',
    );
    const history = await t.db
      .select()
      .from(businessDecisions)
      .where(eq(businessDecisions.businessId, id));
    expect(history).toHaveLength(1);
    const missing = await inject('PATCH', '/business/moderate/999999', moderator.token, {
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets only the owner read and change a business, and only staff review it (BOLA)', async () => {
    const { owner, id } = await approved();
    const other = await verifiedUser(t.app, t.db);

    // Another user's cabinet is their own, empty one; the control area is closed to them.
    expect((await inject('GET', '/business', other.token)).json()).toEqual({ business: null });
    expect((await inject('GET', `/business/moderate/${id}`, other.token)).statusCode).toBe(403);
    expect((await inject('GET', '/business/moderate/list', other.token)).statusCode).toBe(403);
    const selfApprove = await inject('PATCH', `/business/moderate/${id}`, owner.token, {
      status: 'suspended',
      reason: 'x',
    });
    expect(selfApprove.statusCode).toBe(403);
    expect((await inject('GET', '/business', undefined)).statusCode).toBe(401);

    const created = await inject('POST', '/business/spots', owner.token, SPOT);
    expect(created.statusCode, created.body).toBe(201);
    const spot = ownSpotSchema.parse(created.json());

    // Another business cannot see, change or remove it: not found, and nothing changes.
    const { owner: rival } = await approved();
    expect((await inject('GET', '/business/spots', rival.token)).json()).toEqual({ spots: [] });
    const change = await inject('PUT', `/business/spots/${spot.id}`, rival.token, {
      ...SPOT,
      name: 'Hijacked',
    });
    expect(change.statusCode).toBe(404);
    expect((await inject('DELETE', `/business/spots/${spot.id}`, rival.token)).statusCode).toBe(
      404,
    );
    const own = await inject('GET', '/business/spots', owner.token);
    expect(own.json()).toMatchObject({ spots: [{ id: spot.id, name: SPOT.name }] });
    // A user with no approved business may not publish.
    const stranger = await inject('POST', '/business/spots', other.token, SPOT);
    expect(stranger.statusCode).toBe(403);
  });

  it('publishes spots of approved venues on the map, not of suspended ones', async () => {
    const { owner, id } = await approved();
    const spot = ownSpotSchema.parse(
      (
        await inject('POST', '/business/spots', owner.token, {
          ...SPOT,
          name: 'Luna by the river',
          lat: 48.8566,
          lon: 2.3522,
        })
      ).json(),
    );
    const near = async () =>
      spotListSchema.parse(
        (await inject('GET', '/spots/nearby?lat=48.857&lon=2.353&radiusKm=1', owner.token)).json(),
      ).spots;
    expect(await near()).toEqual([expect.objectContaining({ id: spot.id, perk: SPOT.perk })]);
    const far = await inject('GET', '/spots/nearby?lat=48.95&lon=2.353&radiusKm=1', owner.token);
    expect(spotListSchema.parse(far.json()).spots).toEqual([]);
    const detail = await inject('GET', `/business/moderate/${id}`, moderator.token);
    expect(detail.json()).toMatchObject({ spots: [{ id: spot.id, meetingsHosted: 0 }] });

    await inject('PATCH', `/business/moderate/${id}`, moderator.token, {
      status: 'suspended',
      reason: 'Paused',
    });
    expect(await near()).toEqual([]);
    const bad = await inject('GET', '/spots/nearby?lat=91&lon=2', owner.token);
    expect(bad.statusCode).toBe(400);
  });

  it('counts purchases by people a business referred as its business purchases', async () => {
    const { owner } = await approved();
    const buyer = await registerUser(
      t.app,
      { promocode: formatPromoCode(owner.user.id) },
      { 'x-fp': 'fp-buyer-of-business' },
    );
    await t.db.transaction((tx) =>
      t.app.marketEvents.purchaseCompleted(txOf(tx), {
        userId: buyer.user.id,
        level: 0,
        price: 100_000_000_000_000_000_000n,
        transactionId: 424242,
      }),
    );
    const stats = (await inject('GET', '/referral/stats', owner.token)).json();
    // 10 % of 100 USDT at level 1, in the smallest unit.
    expect(stats).toMatchObject({
      level: 'business',
      incomeBySource: { business_purchase: '10000000000000000000' },
    });
  });
});
