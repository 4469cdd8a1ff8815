import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type {
  BusinessCampaigns,
  Campaign,
  CampaignPrice,
  CampaignQueue,
  campaignReviewSchema,
  campaignSaveSchema,
  CampaignStats,
} from '@meeet/core/api/campaigns';
import type { CampaignAction, CampaignStatus } from '@meeet/core/api/campaigns-paths';
import type { AdPlacement } from '@meeet/core/api/ads';
import type { Mood } from '@meeet/core/api/meet';
import { MediaAlbum } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import { coversDay } from '@meeet/core/rules/campaign-charge';
import { blockedWordIn } from '@meeet/core/rules/review-rules';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { adStatsDays } from './ads.service.ts';
import type { ApprovedBusiness } from '../business/business.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailTemplate } from '../mail/mail.templates.ts';
import { isOwnMediaOfAlbum } from '../media/media.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { userById } from '../users/users.service.ts';
import type { CampaignFunds } from './campaign-funds.ts';
import {
  assertNoBlockedWord,
  assertWithinLimits,
  type ReviewRulesService,
} from './review-rules.service.ts';
import {
  campaignsRepository as repo,
  type CampaignFields,
  type CampaignRow,
} from './campaigns.repository.ts';
import { settingsAuditRepository as audit } from './settings-audit.repository.ts';

export interface CampaignsServiceDeps {
  db: Database;
  mail: Pick<MailService, 'enqueue' | 'flush'>;
  funds: CampaignFunds;
  approvedBusinessOf: (userId: number) => Promise<ApprovedBusiness | null>;
  /** The admins' review rules, read on every save and submission. */
  reviewRules: Pick<ReviewRulesService, 'current'>;
}

type Notice = Extract<MailTemplate, { kind: 'campaign-notice' }>['notice'];

/** What each owner step may start from, and where it leads. */
const STEPS: Record<CampaignAction, { from: readonly CampaignStatus[]; to: CampaignStatus }> = {
  submit: { from: ['draft', 'refused'], to: 'pending' },
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  end: { from: ['draft', 'pending', 'refused', 'running', 'paused'], to: 'ended' },
};
const EDITABLE: readonly CampaignStatus[] = ['draft', 'refused', 'pending'];

const notFound = () => new AppError(ErrorCode.NOT_FOUND);
const wrongStatus = () =>
  new AppError(ErrorCode.CONFLICT, { messageKey: 'campaigns.wrong-status' });
const noBalance = () =>
  new AppError(ErrorCode.INSUFFICIENT_FUNDS, { messageKey: 'campaigns.no-balance' });

export function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    businessId: row.businessId,
    status: row.status,
    statusReason: row.statusReason,
    title: row.title,
    text: row.text,
    imageId: row.imageId,
    link: row.link,
    languages: row.languages,
    countries: row.countries,
    genders: row.genders,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    moods: row.moods as Mood[],
    placements: row.placements as AdPlacement[],
    area:
      row.areaLat !== null && row.areaLon !== null && row.areaRadiusKm !== null
        ? { lat: row.areaLat, lon: row.areaLon, radiusKm: row.areaRadiusKm }
        : null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    dailyCap: row.dailyCap ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Businesses' self-serve campaigns (issue 44): an approved business owns them; every call
 * checks the caller's business first and answers 404 for another business's campaign (its
 * existence is not told). Moderators review; only a running (approved and funded) campaign is
 * served by the ads module; the daily charge lives in campaign-charges.ts.
 */
/** The price's name in the settings' audit trail (beside the review rules). */
export const CAMPAIGN_PRICE_SETTING = 'campaign-price';

export class CampaignsService {
  constructor(private readonly deps: CampaignsServiceDeps) {}

  private async business(auth: AuthContext): Promise<ApprovedBusiness> {
    const business = await this.deps.approvedBusinessOf(auth.user.id);
    if (!business) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'campaigns.not-business' });
    }
    return business;
  }

  async price(): Promise<CampaignPrice> {
    const row = await repo.price(this.deps.db);
    return {
      pricePerThousand: (row?.pricePerThousand ?? 0n).toString(),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  /** Admins: sets the price with an audit row of before and after, in one transaction. */
  async setPrice(auth: AuthContext, pricePerThousand: bigint): Promise<CampaignPrice> {
    await this.deps.db.transaction(async (tx) => {
      const before = await repo.price(tx);
      await repo.setPrice(tx, pricePerThousand, auth.user.id);
      await audit.record(tx, {
        setting: CAMPAIGN_PRICE_SETTING,
        actorId: auth.user.id,
        before: { pricePerThousand: before?.pricePerThousand.toString() ?? null },
        after: { pricePerThousand: pricePerThousand.toString() },
      });
    });
    return this.price();
  }

  async list(auth: AuthContext): Promise<{ list: Campaign[] }> {
    const business = await this.business(auth);
    return { list: (await repo.listOwn(this.deps.db, business.id)).map(toCampaign) };
  }

  async get(auth: AuthContext, id: number): Promise<Campaign> {
    const business = await this.business(auth);
    const row = await repo.findOwn(this.deps.db, id, business.id);
    if (!row) throw notFound();
    return toCampaign(row);
  }

  private async fields(
    auth: AuthContext,
    business: ApprovedBusiness,
    input: z.output<typeof campaignSaveSchema>,
  ): Promise<CampaignFields> {
    if (
      input.imageId !== null &&
      !(await isOwnMediaOfAlbum(
        txOf(this.deps.db),
        input.imageId,
        auth.user.id,
        MediaAlbum.AD_CREATIVES,
      ))
    ) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'campaigns.image-invalid',
        fields: { imageId: 'campaigns.image-invalid' },
      });
    }
    if (input.areaRadiusKm !== null && !business.venue) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'campaigns.no-venue',
        fields: { areaRadiusKm: 'campaigns.no-venue' },
      });
    }
    assertWithinLimits(await this.deps.reviewRules.current(), input);
    const area = input.areaRadiusKm !== null && business.venue;
    return {
      title: input.title,
      text: input.text,
      imageId: input.imageId,
      link: input.link,
      languages: input.languages,
      placements: [...new Set(input.placements)],
      countries: input.countries,
      genders: input.genders,
      ageMin: input.ageMin,
      ageMax: input.ageMax,
      moods: [...new Set(input.moods)],
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      dailyCap: input.dailyCap,
      areaLat: area ? area.lat : null,
      areaLon: area ? area.lon : null,
      areaRadiusKm: area ? input.areaRadiusKm : null,
    };
  }

  async create(auth: AuthContext, input: z.output<typeof campaignSaveSchema>): Promise<Campaign> {
    const business = await this.business(auth);
    const fields = await this.fields(auth, business, input);
    const row = await repo.insert(this.deps.db, {
      ...fields,
      businessId: business.id,
      ownerId: auth.user.id,
    });
    return toCampaign(row);
  }

  /** Edits a campaign not yet approved; it goes back to draft (to be submitted again). */
  async update(
    auth: AuthContext,
    id: number,
    input: z.output<typeof campaignSaveSchema>,
  ): Promise<Campaign> {
    const business = await this.business(auth);
    const fields = await this.fields(auth, business, input);
    const row = await this.deps.db.transaction(async (tx) => {
      const own = await repo.lockOwn(tx, id, business.id);
      if (!own) throw notFound();
      if (!EDITABLE.includes(own.status)) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'campaigns.not-editable' });
      }
      return repo.update(tx, id, { ...fields, status: 'draft', statusReason: null });
    });
    return toCampaign(row);
  }

  /** Submit, pause, resume (only when the balance pays a full day at the cap), end. */
  async act(auth: AuthContext, id: number, action: CampaignAction): Promise<Campaign> {
    const business = await this.business(auth);
    const step = STEPS[action];
    const row = await this.deps.db.transaction(async (tx) => {
      const own = await repo.lockOwn(tx, id, business.id);
      if (!own) throw notFound();
      if (!step.from.includes(own.status)) throw wrongStatus();
      if (action === 'submit') await this.assertRules(tx, own);
      if (action === 'resume' && !(await this.funded(tx, own))) throw noBalance();
      return repo.update(tx, id, {
        status: step.to,
        statusReason: action === 'pause' ? 'owner' : null,
      });
    });
    return toCampaign(row);
  }

  /** A campaign submitted for review keeps the rules in force now (they may have changed). */
  private async assertRules(tx: DbExecutor, row: CampaignRow): Promise<void> {
    const rules = await this.deps.reviewRules.current(tx);
    assertWithinLimits(rules, { areaRadiusKm: row.areaRadiusKm, dailyCap: row.dailyCap ?? 0 });
    assertNoBlockedWord(rules, row);
  }

  /** Whether the owner's USDT pays a full day at the cap (under the wallet lock of `tx`). */
  private async funded(tx: DbExecutor, row: CampaignRow): Promise<boolean> {
    const price = (await repo.price(tx))?.pricePerThousand;
    // No price set: nothing could be charged, so nothing may run.
    if (price === undefined) return false;
    const spendable = await this.deps.funds.lockedSpendable(tx, row.ownerId);
    return coversDay(spendable, row.dailyCap ?? 0, price);
  }

  async queue(): Promise<CampaignQueue> {
    const [rows, rules] = await Promise.all([
      repo.pending(this.deps.db),
      this.deps.reviewRules.current(),
    ]);
    const list = [];
    for (const row of rows) {
      // A business suspended since it submitted shows no name; its campaign cannot run anyway.
      const business = await this.deps.approvedBusinessOf(row.ownerId);
      list.push({
        ...toCampaign(row),
        businessName: business?.name ?? '—',
        // Submission sets the status, so the last change is when it started waiting.
        waitingSince: row.updatedAt.toISOString(),
        // A word blocked after it was submitted: the moderator sees it flagged.
        blockedWord: blockedWordIn(rules.blockedWords, [row.title, row.text]),
      });
    }
    return { list };
  }

  /**
   * A moderator's decision on a pending campaign. Approved, it runs when its owner's balance
   * pays a full day at its cap, else it waits paused ('no-balance'); the owner is mailed either
   * way, and on a refusal with the reason.
   */
  async review(id: number, decision: z.output<typeof campaignReviewSchema>): Promise<Campaign> {
    const { row, mailJob } = await this.deps.db.transaction(async (tx) => {
      const campaign = await repo.lock(tx, id);
      if (!campaign) throw notFound();
      if (campaign.status !== 'pending') throw wrongStatus();
      let status: CampaignStatus = 'refused';
      let reason = decision.reason;
      if (decision.decision === 'approve') {
        const funded = await this.funded(tx, campaign);
        status = funded ? 'running' : 'paused';
        reason = funded ? null : 'no-balance';
      }
      const updated = await repo.update(tx, id, { status, statusReason: reason });
      const notice: Notice =
        status === 'running' ? 'approved' : status === 'paused' ? 'no-balance' : 'refused';
      return { row: updated, mailJob: await this.notify(tx, updated, notice) };
    });
    if (mailJob !== null) await this.deps.mail.flush(mailJob);
    return toCampaign(row);
  }

  /** Moderators: one business's campaigns, newest first, each with all it was charged. */
  async campaignsOfBusiness(businessId: number): Promise<BusinessCampaigns> {
    const [rows, charged] = await Promise.all([
      repo.listOwn(this.deps.db, businessId),
      repo.chargedByCampaign(this.deps.db, businessId),
    ]);
    return {
      list: rows.map((row) => ({ ...toCampaign(row), totalCharged: charged.get(row.id) ?? '0' })),
    };
  }

  /**
   * A moderator stops a running or paused campaign: it becomes refused with the reason (the
   * owner may fix it and submit it again) and the owner is mailed why.
   */
  async suspend(id: number, reason: string): Promise<Campaign> {
    const { row, mailJob } = await this.deps.db.transaction(async (tx) => {
      const campaign = await repo.lock(tx, id);
      if (!campaign) throw notFound();
      if (campaign.status !== 'running' && campaign.status !== 'paused') throw wrongStatus();
      const updated = await repo.update(tx, id, { status: 'refused', statusReason: reason });
      return { row: updated, mailJob: await this.notify(tx, updated, 'suspended') };
    });
    if (mailJob !== null) await this.deps.mail.flush(mailJob);
    return toCampaign(row);
  }

  /** Queues the owner's mail on `tx` (it commits with the change); null without an owner. */
  async notify(tx: DbExecutor, row: CampaignRow, notice: Notice): Promise<number | null> {
    const owner = await userById(txOf(tx), row.ownerId);
    if (!owner) return null;
    return this.deps.mail.enqueue(txOf(tx), {
      to: owner.email,
      locale: owner.locale as Locale,
      template: {
        kind: 'campaign-notice',
        notice,
        title: row.title,
        reason: notice === 'refused' || notice === 'suspended' ? row.statusReason : null,
      },
    });
  }

  /** Served, seen and clicked per UTC day (as house ads count them), with each day's charge. */
  async stats(auth: AuthContext, id: number): Promise<CampaignStats> {
    const business = await this.business(auth);
    const row = await repo.findOwn(this.deps.db, id, business.id);
    if (!row) throw notFound();
    const [days, charges] = await Promise.all([
      adStatsDays(this.deps.db, id),
      repo.charges(this.deps.db, id),
    ]);
    const charged = new Map(charges.map((c) => [c.day, c.charged]));
    return {
      campaignId: id,
      days: days.map((day) => ({ ...day, charged: charged.get(day.day) ?? null })),
      totalCharged: charges.reduce((sum, c) => sum + BigInt(c.charged), 0n).toString(),
    };
  }
}

/** The statistics as CSV (one row per day; amounts in USDT's smallest unit). */
export function statsCsv(stats: CampaignStats): string {
  const lines = ['day,served,impressions,clicks,ctr,charged_units'];
  for (const d of stats.days) {
    lines.push([d.day, d.served, d.impressions, d.clicks, d.ctr ?? '', d.charged ?? ''].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
