import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityKey, timestamps, timestamptz, units } from '../../db/columns.ts';

// User ids and chain transaction ids are plain integers here: a module's tables never import
// another module's (the users and wallet tables own those rows).

/** An affiliate's link; `id` is the public code carried as `cpa=` and `x-cpa-link-id`. */
export const cpaLinks = pgTable(
  'cpa_links',
  {
    id: text().primaryKey(),
    userId: integer().notNull(),
    name: text().notNull(),
    callbackUrl: text(),
    /** The postback signing secret, sealed with a key derived from the server secret. */
    secretSealed: text().notNull(),
    ...timestamps(),
    /** Deleted links keep their figures but count nothing more. */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('cpa_links_user_idx').on(t.userId, t.createdAt)],
);
export type CpaLinkRow = typeof cpaLinks.$inferSelect;

/** A partner's level (rows exist only once an admin changed it; default `standard`). */
export const cpaPartners = pgTable('cpa_partners', {
  userId: integer().primaryKey(),
  level: text().notNull().default('standard'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A visitor's hit of a link: one counted row per (link, visitor) per 30 days. `lastSeenAt` and
 * `clickId` follow the visitor's latest request with the link, so the last click wins.
 */
export const cpaHits = pgTable(
  'cpa_hits',
  {
    id: identityKey(),
    linkId: text().notNull(),
    /** The `x-fp` fingerprint, else `ip:<address>`. */
    visitor: text().notNull(),
    clickId: text(),
    /** `self`: from a device the affiliate signed in with (a fraud signal, not counted). */
    flag: text(),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [
    index('cpa_hits_link_idx').on(t.linkId, t.createdAt),
    index('cpa_hits_visitor_idx').on(t.visitor, t.lastSeenAt),
  ],
);

/** Which link a registered user came by (made once, at registration). */
export const cpaAttributions = pgTable(
  'cpa_attributions',
  {
    userId: integer().primaryKey(),
    linkId: text().notNull(),
    clickId: text(),
    visitor: text().notNull(),
    /** `self` (the affiliate's own device) or `shared_device` (a device that registered before). */
    flag: text(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('cpa_attributions_link_idx').on(t.linkId, t.createdAt),
    index('cpa_attributions_visitor_idx').on(t.visitor),
  ],
);

/** One conversion per user and action, with the payout it earned as the settings were then. */
export const cpaConversions = pgTable(
  'cpa_conversions',
  {
    id: identityKey(),
    linkId: text().notNull(),
    /** The link's owner, the affiliate who earns. */
    affiliateId: integer().notNull(),
    userId: integer().notNull(),
    action: text().notNull(),
    clickId: text(),
    level: text().notNull(),
    payout: units('payout').notNull(),
    flagged: boolean().notNull().default(false),
    payoutId: bigint({ mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('cpa_conversions_user_action_key').on(t.userId, t.action),
    index('cpa_conversions_link_idx').on(t.linkId, t.createdAt),
    index('cpa_conversions_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('cpa_conversions_unpaid_idx')
      .on(t.affiliateId)
      .where(sql`${t.payoutId} is null and not ${t.flagged}`),
  ],
);
export type CpaConversionRow = typeof cpaConversions.$inferSelect;

/** Revenue from referred users (their purchases): a link's `value`. */
export const cpaRevenue = pgTable(
  'cpa_revenue',
  {
    id: identityKey(),
    linkId: text().notNull(),
    userId: integer().notNull(),
    /** What caused it (`purchase:<transaction id>`); unique so a replay counts once. */
    ref: text().notNull(),
    amount: units('amount').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('cpa_revenue_ref_key').on(t.ref),
    index('cpa_revenue_link_idx').on(t.linkId, t.createdAt),
  ],
);

/** An admin's payout to a partner, paid on chain as one REWARD transfer. */
export const cpaPayouts = pgTable(
  'cpa_payouts',
  {
    id: identityKey(),
    userId: integer().notNull(),
    amount: units('amount').notNull(),
    transactionId: integer(),
    createdBy: integer().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('cpa_payouts_user_idx').on(t.userId, t.createdAt)],
);

/** The postback of a conversion to its link's callbackUrl (macros filled, body fixed). */
export const cpaPostbacks = pgTable(
  'cpa_postbacks',
  {
    id: identityKey(),
    conversionId: bigint({ mode: 'number' }).notNull(),
    linkId: text().notNull(),
    affiliateId: integer().notNull(),
    url: text().notNull(),
    body: text().notNull(),
    /** `pending`, `delivered` or `failed` (every automatic attempt used). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('cpa_postbacks_conversion_key').on(t.conversionId),
    index('cpa_postbacks_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);
export type CpaPostbackRow = typeof cpaPostbacks.$inferSelect;

/** Each delivery attempt of a postback, as the affiliate sees it in the log. */
export const cpaPostbackAttempts = pgTable(
  'cpa_postback_attempts',
  {
    postbackId: bigint({ mode: 'number' }).notNull(),
    attempt: integer().notNull(),
    at: timestamptz('at').notNull(),
    ok: boolean().notNull(),
    statusCode: smallint(),
    durationMs: integer().notNull(),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.postbackId, t.attempt] })],
);

/** Admin settings: payout per action and partner level (smallest USDT units). */
export const cpaPayoutRates = pgTable(
  'cpa_payout_rates',
  {
    action: text().notNull(),
    level: text().notNull(),
    amount: units('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.action, t.level] })],
);
