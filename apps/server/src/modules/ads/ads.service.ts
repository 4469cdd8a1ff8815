import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { adCampaignSaveSchema } from '@meeet/core/api/ads';
import {
  type AdCampaign,
  type AdPlacement,
  type AdServeResponse,
  type AdStats,
  type ConsentRequest,
} from '@meeet/core/api/ads';
import { adsPaths } from '@meeet/core/api/ads-paths';
import type { Mood } from '@meeet/core/api/meet';
import { MediaAlbum, type NftType } from '@meeet/core/enums';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { isMediaOfAlbum } from '../media/media.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { adAudienceProfile } from '../users/users.service.ts';
import { adsRepository as repo } from './ads.repository.ts';
import type { AdCampaignRow } from './ads.schema.ts';

export interface AdsServiceDeps {
  db: Database;
  /** Whether the user holds any token (the paid tier sees no ads). */
  holdsToken: (userId: number) => Promise<boolean>;
  /** The mood of the user's hand raised now, else of their last one within 30 days. */
  moodOf: (userId: number) => Promise<Mood | null>;
  /** Token levels the user bought before or is buying (a viewer holds none now). */
  levelsOf: (userId: number) => Promise<NftType[]>;
  /** Where the map shows the user's raised hand (coarse), for campaigns with an area. */
  positionOf: (userId: number) => Promise<{ lat: number; lon: number } | null>;
}

/** Who is looking: the signed-in user and/or the browser's fingerprint (`x-fp`). */
export interface Viewer {
  auth: AuthContext | null;
  fingerprint: string | null;
}

const userSubject = (id: number) => `u:${id}`;
const visitorSubject = (fingerprint: string) => `v:${fingerprint}`;

function toCampaign(row: AdCampaignRow): AdCampaign {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    imageId: row.imageId,
    link: row.link,
    languages: row.languages,
    placements: row.placements as AdPlacement[],
    countries: row.countries,
    genders: row.genders,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    moods: row.moods as Mood[],
    levels: row.levels as NftType[],
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    dailyCap: row.dailyCap,
    viewerDailyCap: row.viewerDailyCap,
    active: row.active,
  };
}

/**
 * Ads of the free tier: MEEET's house ads and businesses' running campaigns. Personalisation (the viewer's country, gender, age, mood and
 * token-level interest) only with the advertising consent the cookie banner recorded; without
 * it an ad is chosen by placement and language alone, and campaigns with an audience are not
 * shown. Token holders get none.
 */
export class AdsService {
  constructor(private readonly deps: AdsServiceDeps) {}

  async saveConsent(viewer: Viewer, consent: ConsentRequest): Promise<void> {
    const subjects = [
      ...(viewer.fingerprint ? [visitorSubject(viewer.fingerprint)] : []),
      ...(viewer.auth ? [userSubject(viewer.auth.user.id)] : []),
    ];
    if (subjects.length === 0) {
      throw new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'ads.viewer-unknown' });
    }
    // The terms consent cannot be refused (the banner's "reject" still ticks it).
    const stored = { ...consent, terms: true };
    for (const subject of subjects) await repo.saveConsent(this.deps.db, subject, stored);
  }

  /** The user's own choice wins over the browser's; none recorded means no consent. */
  private async consented(viewer: Viewer): Promise<boolean> {
    const { db } = this.deps;
    if (viewer.auth) {
      const own = await repo.adsConsent(db, userSubject(viewer.auth.user.id));
      if (own !== undefined) return own;
    }
    if (viewer.fingerprint) {
      return (await repo.adsConsent(db, visitorSubject(viewer.fingerprint))) ?? false;
    }
    return false;
  }

  /** What a personalised audience may look at: profile, mood, token-level interest, area. */
  private async audienceOf(userId: number) {
    const [profile, mood, levels, position] = await Promise.all([
      adAudienceProfile(txOf(this.deps.db), userId),
      this.deps.moodOf(userId),
      this.deps.levelsOf(userId),
      this.deps.positionOf(userId),
    ]);
    return { ...profile, mood, levels, position };
  }

  async serve(
    viewer: Viewer,
    query: { placement: AdPlacement; language: string },
  ): Promise<AdServeResponse> {
    const { db } = this.deps;
    const userId = viewer.auth?.user.id ?? null;
    if (userId !== null && (await this.deps.holdsToken(userId))) {
      return { ad: null, reason: 'paid' };
    }
    const subject =
      userId !== null
        ? userSubject(userId)
        : viewer.fingerprint
          ? visitorSubject(viewer.fingerprint)
          : null;
    // Without anyone to count for, the frequency cap could not hold: no ad.
    if (!subject) return { ad: null, reason: 'none' };
    const personalised = userId !== null && (await this.consented(viewer));
    const profile = personalised && userId !== null ? await this.audienceOf(userId) : null;
    const campaign = await repo.eligible(db, {
      placement: query.placement,
      language: query.language,
      profile,
      viewer: subject,
    });
    if (!campaign) return { ad: null, reason: 'none' };
    const impressionId = randomUUID();
    await repo.insertImpression(db, {
      id: impressionId,
      campaignId: campaign.id,
      viewer: subject,
      personalised,
    });
    return {
      ad: {
        impressionId,
        title: campaign.title,
        text: campaign.text,
        imageId: campaign.imageId,
        href: `/api${adsPaths.click(impressionId)}`,
        personalised,
      },
      reason: null,
    };
  }

  /** Half the ad was visible for a second (the client measures); counted once. */
  async seen(impressionId: string): Promise<void> {
    await repo.markSeen(this.deps.db, impressionId);
  }

  /** The advertiser's link for the redirect; the click is counted once. */
  async click(impressionId: string): Promise<string> {
    const link = await repo.click(this.deps.db, impressionId);
    if (!link) throw new AppError(ErrorCode.NOT_FOUND);
    return link;
  }

  async saveCampaign(input: z.output<typeof adCampaignSaveSchema>): Promise<AdCampaign> {
    const { db } = this.deps;
    if (
      input.imageId !== null &&
      !(await isMediaOfAlbum(txOf(db), input.imageId, MediaAlbum.NEWS))
    ) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'news.cover-invalid',
        fields: { imageId: 'news.cover-invalid' },
      });
    }
    const { id, ...rest } = input;
    const fields = {
      ...rest,
      moods: [...new Set(rest.moods)],
      levels: [...new Set(rest.levels)],
      startsAt: new Date(rest.startsAt),
      endsAt: rest.endsAt ? new Date(rest.endsAt) : null,
    };
    const row =
      id === undefined
        ? await repo.insertCampaign(db, fields)
        : await repo.updateCampaign(db, id, fields);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toCampaign(row);
  }

  async campaigns(): Promise<{ list: AdCampaign[] }> {
    return { list: (await repo.listCampaigns(this.deps.db)).map(toCampaign) };
  }

  async stats(campaignId: number): Promise<AdStats> {
    if (!(await repo.campaignExists(this.deps.db, campaignId))) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    return { campaignId, days: await adStatsDays(this.deps.db, campaignId) };
  }
}

/** A campaign's served, seen (impressions) and clicked per UTC day, with the CTR. */
export async function adStatsDays(db: DbExecutor, campaignId: number): Promise<AdStats['days']> {
  const days = await repo.stats(db, campaignId);
  return days.map((day) => ({
    ...day,
    ctr:
      day.impressions === 0 ? null : Math.round((day.clicks / day.impressions) * 10_000) / 10_000,
  }));
}
