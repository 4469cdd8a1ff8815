import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CampaignStatus } from '@meeet/core/api/campaigns-paths';
import { businesses } from '../business/business.schema.ts';
import { media } from '../media/media.schema.ts';
import { users } from '../users/users.schema.ts';
import { belongsTo, timestamps, timestamptz } from '../../db/columns.ts';

/**
 * Ad campaigns: MEEET's house ads (admins; no business) and businesses' self-serve campaigns
 * (issue 44), served by one query. Empty audience arrays mean "anyone".
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    text: text().notNull(),
    imageId: uuid().references(() => media.id, { onDelete: 'set null' }),
    link: text().notNull(),
    languages: text().array().notNull(),
    placements: text().array().notNull(),
    countries: text().array().notNull(),
    genders: smallint().array().notNull(),
    ageMin: smallint(),
    ageMax: smallint(),
    /** Moods of the viewer's hand raised now or within 30 days (`meet` moods). */
    moods: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Token levels the viewer bought before or is buying (NftType); holders see no ads. */
    levels: smallint()
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at'),
    dailyCap: integer(),
    viewerDailyCap: integer().notNull(),
    active: boolean().notNull(),
    /** A business's campaign: the business and the user whose USDT pays it; null: house ad. */
    businessId: integer().references(() => businesses.id, { onDelete: 'cascade' }),
    ownerId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Only `running` is served; house ads are created running (their switch is `active`). */
    status: text().$type<CampaignStatus>().notNull().default('running'),
    /** A refusal's reason, or why it is paused ('no-balance', 'owner'). */
    statusReason: text(),
    /** A circle around the venue (all three or none): audience, so only with consent. */
    areaLat: doublePrecision(),
    areaLon: doublePrecision(),
    areaRadiusKm: integer(),
    ...timestamps(),
  },
  (t) => [
    check('ad_campaigns_viewer_cap_check', sql`${t.viewerDailyCap} > 0`),
    check(
      'ad_campaigns_status_check',
      sql`${t.status} in ('draft', 'pending', 'refused', 'running', 'paused', 'ended')`,
    ),
    check('ad_campaigns_owner_check', sql`(${t.businessId} is null) = (${t.ownerId} is null)`),
    index('ad_campaigns_business_idx').on(t.businessId),
  ],
);
export type AdCampaignRow = typeof adCampaigns.$inferSelect;

/**
 * The cookie banner's three consents, kept for the visitor (`v:<fingerprint>`) and, when
 * signed in, for the user (`u:<id>`), so the choice follows the person to another device.
 */
export const adConsents = pgTable('ad_consents', {
  subject: text().primaryKey(),
  terms: boolean().notNull(),
  analytics: boolean().notNull(),
  ads: boolean().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** One row per ad served; `seenAt` once half of it was visible for a second, `clickedAt` once. */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    id: uuid().primaryKey(),
    campaignId: belongsTo(() => adCampaigns.id),
    /** `u:<id>` or `v:<fingerprint>`: whom the frequency cap counts. */
    viewer: text().notNull(),
    personalised: boolean().notNull(),
    servedAt: timestamptz('served_at').notNull().defaultNow(),
    seenAt: timestamptz('seen_at'),
    clickedAt: timestamptz('clicked_at'),
  },
  (t) => [
    index('ad_impressions_viewer_idx').on(t.viewer, t.campaignId, t.servedAt),
    index('ad_impressions_campaign_idx').on(t.campaignId, t.servedAt),
  ],
);
