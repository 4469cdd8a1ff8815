import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { belongsTo, createdAt, identityKey, timestamptz, units } from '../../db/columns.ts';

/**
 * The referral tree as a closure table limited to three levels: one row per (descendant,
 * depth) naming the ancestor that far up. Written once when the edge is made and never
 * changed, so the tree cannot get a cycle or a second parent (primary key), and listing or
 * counting a user's levels is one index range instead of a recursive walk.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    descendantId: belongsTo(() => users.id),
    depth: smallint().notNull(),
    ancestorId: belongsTo(() => users.id),
    /**
     * The descendant registered from the direct referrer's own device (same fingerprint):
     * the edge stands, but the descendant's purchases earn nobody anything.
     */
    flagged: boolean().notNull().default(false),
    /**
     * The descendant has bought a token (set on the depth-1 row by the rewards trigger), so
     * conversion to buyers is a column read, not a probe per referral.
     */
    bought: boolean().notNull().default(false),
    /**
     * The UTC day the descendant last used the app (any session), kept by triggers on
     * `sessions` and on this table; null if never. Feeds `referral_active_daily`.
     */
    activeDay: date('active_day', { mode: 'string' }),
    /**
     * The descendant's referral level (`users.referral_level`), copied by triggers so the
     * "All roles" filter is an index range rather than a probe per referral.
     */
    level: text().notNull().default('human'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.descendantId, t.depth] }),
    index('referral_links_ancestor_idx').on(t.ancestorId, t.depth, t.createdAt, t.descendantId),
    index('referral_links_ancestor_level_idx').on(
      t.ancestorId,
      t.depth,
      t.level,
      t.createdAt,
      t.descendantId,
    ),
    check('referral_links_depth_check', sql`${t.depth} between 1 and 3`),
    check('referral_links_not_self_check', sql`${t.ancestorId} <> ${t.descendantId}`),
  ],
);

export type ReferralLinkRow = typeof referralLinks.$inferSelect;

/** Clicks of a promo link, at most one per (referrer, visitor) per 24 hours. */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: identityKey(),
    referrerId: belongsTo(() => users.id),
    /** The `x-fp` fingerprint, else the client address. */
    visitor: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_clicks_referrer_idx').on(t.referrerId, t.createdAt, t.visitor)],
);

/** Counted clicks per referrer and UTC day, kept by a trigger on `referral_clicks` inserts. */
export const referralClicksDaily = pgTable(
  'referral_clicks_daily',
  {
    referrerId: belongsTo(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    clicks: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.referrerId, t.day] })],
);

/**
 * Reward shares in basis points per level (one row, id 1), set by admins. Each reward keeps
 * the share it was computed with, so a change never rewrites history.
 */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: smallint().primaryKey().default(1),
    level1Bp: integer().notNull().default(1000),
    level2Bp: integer().notNull().default(500),
    level3Bp: integer().notNull().default(200),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('referral_settings_single_check', sql`${t.id} = 1`),
    check(
      'referral_settings_bp_check',
      sql`${t.level1Bp} between 0 and 10000 and ${t.level2Bp} between 0 and 10000 and ${t.level3Bp} between 0 and 10000`,
    ),
  ],
);

/**
 * One reward per (earner, event): `source` is what the referral did (`business_purchase`,
 * `paid_meeting`, `basic_meeting`), `event_ref` names the event (the purchase's BUY_NFT row,
 * the generator payout row, the mint) so a replayed event never credits twice. `status`:
 * `accrued` waiting for the payout worker, `paid` part of a payout, `void` earned nothing
 * (flagged registration; kept so the history shows why).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: identityKey(),
    userId: belongsTo(() => users.id),
    sourceUserId: belongsTo(() => users.id),
    depth: smallint().notNull(),
    source: text().notNull(),
    eventRef: text().notNull(),
    baseAmount: units('base_amount').notNull(),
    shareBp: integer().notNull(),
    amount: units('amount').notNull(),
    status: text().notNull().default('accrued'),
    payoutId: bigint({ mode: 'number' }).references(() => referralPayouts.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_rewards_event_key').on(t.userId, t.eventRef),
    index('referral_rewards_user_idx').on(t.userId, t.createdAt),
    index('referral_rewards_source_user_idx').on(t.userId, t.sourceUserId),
    index('referral_rewards_accrued_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'accrued'`),
    check('referral_rewards_depth_check', sql`${t.depth} between 1 and 3`),
    check(
      'referral_rewards_source_check',
      sql`${t.source} in ('business_purchase', 'paid_meeting', 'basic_meeting')`,
    ),
    check('referral_rewards_status_check', sql`${t.status} in ('accrued', 'paid', 'void')`),
    check('referral_rewards_amount_check', sql`${t.amount} >= 0`),
  ],
);

export type ReferralRewardRow = typeof referralRewards.$inferSelect;

/**
 * One on-chain REWARD transfer of a user's accrued rewards, at most one per user and UTC day
 * (a failed one frees the day). Written with its REQUESTED transaction row in one database
 * transaction, so the wallet's sender pays it exactly once.
 */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: identityKey(),
    userId: belongsTo(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    amount: units('amount').notNull(),
    transactionId: bigint({ mode: 'number' }).references(() => chainTransactions.id, {
      onDelete: 'restrict',
    }),
    /** `sending` until the transaction settles, then `paid` or `failed`. */
    status: text().notNull().default('sending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_payouts_day_key')
      .on(t.userId, t.day)
      .where(sql`${t.status} <> 'failed'`),
    uniqueIndex('referral_payouts_transaction_key').on(t.transactionId),
    check('referral_payouts_status_check', sql`${t.status} in ('sending', 'paid', 'failed')`),
  ],
);

/** Meetings that minted, as the meeting service reports them (the tree's meetings count). */
export const referralMeetings = pgTable(
  'referral_meetings',
  {
    userId: belongsTo(() => users.id),
    eventRef: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventRef] })],
);

/**
 * Income per earner, UTC day and source, kept by a database trigger on `referral_rewards`
 * inserts (rewards never change amount), so the stats of a user with thousands of rewards read
 * a few dozen rows instead of summing them all.
 */
export const referralIncomeDaily = pgTable(
  'referral_income_daily',
  {
    userId: belongsTo(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    source: text().notNull(),
    amount: units('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.source] })],
);

/**
 * Per referrer, the size of each of their three levels by referral level, kept by triggers on `referral_links`
 * inserts and deletes: the totals and a list's row count are one row instead of an index scan.
 */
export const referralLevelCounts = pgTable(
  'referral_level_counts',
  {
    ancestorId: belongsTo(() => users.id),
    depth: smallint().notNull(),
    level: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.depth, t.level] })],
);

/**
 * Per referrer and UTC day: direct referrals who joined that day and how many of them have
 * bought a token since (counted on the day they joined), kept by the `referral_links` and
 * `referral_rewards` triggers, so a period's registrations and buyers are at most 30 rows.
 */
export const referralJoinsDaily = pgTable(
  'referral_joins_daily',
  {
    ancestorId: belongsTo(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    registrations: integer().notNull().default(0),
    buyers: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day] })],
);

/**
 * Per referrer and UTC day: how many people of their three levels were last active that day
 * (`referral_links.active_day`, moved forward by a trigger on `sessions` when a session is
 * used on a later day). "Active referrals" is the sum over the last 30 days.
 */
export const referralActiveDaily = pgTable(
  'referral_active_daily',
  {
    ancestorId: belongsTo(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day] })],
);
