import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessCampaignsSchema,
  campaignSchema,
  type CampaignSave,
} from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { adCampaigns } from './ads.schema.ts';
import { campaignCharges } from './campaigns.schema.ts';
import { approvedBusinessOwner } from '../business/business.test-support.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { makeRole } from '../media/media.test-support.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/** The control area's view of a business's campaigns, and a moderator's suspension. */
describe('campaigns in the control area', () => {
  let t: TestApp;
  let moderator: Registered;
  let admin: Registered;
  let user: Registered;

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  const business = () => approvedBusinessOwner(t.app, t.db);

  const body = (title: string): CampaignSave => ({
    title,
    text: 'A free second cup after a MEEET meeting',
    link: 'https://example.com/cafe',
    placements: ['faq'],
    startsAt: new Date().toISOString(),
    dailyCap: 5,
  });

  /** A campaign of the owner set straight to `status` (the review flow has its own tests). */
  async function campaign(
    owner: Registered,
    title: string,
    status: 'running' | 'paused' | 'draft',
  ) {
    const response = await inject('POST', campaignsPaths.mine, owner.token, body(title));
    expect(response.statusCode, response.body).toBe(200);
    const created = campaignSchema.parse(response.json());
    await t.db.update(adCampaigns).set({ status }).where(eq(adCampaigns.id, created.id));
    return created;
  }

  const charge = (campaignId: number, day: string, charged: string) =>
    t.db.insert(campaignCharges).values({
      campaignId,
      day,
      impressions: 1000,
      pricePerThousand: '5',
      due: charged,
      charged,
    });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
    moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    user = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows moderators and admins a business’s campaigns with what each was charged', async () => {
    const owner = await business();
    const other = await business();
    const luna = await campaign(owner, 'Luna', 'running');
    const sol = await campaign(owner, 'Sol', 'draft');
    const foreign = await campaign(other, 'Foreign', 'running');
    await charge(luna.id, '2026-11-01', '1500000000000000000');
    await charge(luna.id, '2026-11-02', '2500000000000000000');
    await charge(foreign.id, '2026-11-01', '7');

    for (const staff of [moderator, admin]) {
      const response = await inject('GET', campaignsPaths.ofBusiness(luna.businessId), staff.token);
      expect(response.statusCode, response.body).toBe(200);
      const { list } = businessCampaignsSchema.parse(response.json());
      expect(list.map((c) => [c.title, c.status, c.totalCharged])).toEqual([
        ['Sol', 'draft', '0'],
        ['Luna', 'running', '4000000000000000000'],
      ]);
    }
    expect(sol.businessId).toBe(luna.businessId);
  });

  it('refuses the list and a suspension to a user who is not staff', async () => {
    const owner = await business();
    const luna = await campaign(owner, 'Luna', 'running');
    const list = await inject('GET', campaignsPaths.ofBusiness(luna.businessId), user.token);
    expect(list.statusCode).toBe(403);
    const own = await inject('POST', campaignsPaths.suspend(luna.id), owner.token, {
      reason: 'mine',
    });
    expect(own.statusCode).toBe(403);
    const [row] = await t.db.select().from(adCampaigns).where(eq(adCampaigns.id, luna.id));
    expect(row?.status).toBe('running');
  });

  it('suspends a running or paused campaign with a reason mailed to the owner', async () => {
    const owner = await business();
    const luna = await campaign(owner, 'Luna', 'running');
    const sol = await campaign(owner, 'Sol', 'paused');
    const draft = await campaign(owner, 'Draft', 'draft');

    const noReason = await inject('POST', campaignsPaths.suspend(luna.id), moderator.token, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);

    const suspended = await inject('POST', campaignsPaths.suspend(luna.id), moderator.token, {
      reason: 'Misleading offer',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(campaignSchema.parse(suspended.json())).toMatchObject({
      status: 'refused',
      statusReason: 'Misleading offer',
    });
    const paused = await inject('POST', campaignsPaths.suspend(sol.id), admin.token, {
      reason: 'Wrong link',
    });
    expect(campaignSchema.parse(paused.json()).status).toBe('refused');

    const notRunning = await inject('POST', campaignsPaths.suspend(draft.id), moderator.token, {
      reason: 'No',
    });
    expect(notRunning.statusCode).toBe(409);
    const missing = await inject('POST', campaignsPaths.suspend(999_999), moderator.token, {
      reason: 'No',
    });
    expect(missing.statusCode).toBe(404);

    const mails = await t.db.select().from(devMailbox).where(eq(devMailbox.to, owner.user.email));
    const texts = mails.map((m) => m.text).join('\n');
    expect(texts).toContain('“Luna” was stopped by a moderator: Misleading offer');
    expect(texts).toContain('“Sol” was stopped by a moderator: Wrong link');
    expect(mails).toHaveLength(2);
  });
});
