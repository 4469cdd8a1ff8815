import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  referralClicks,
  referralLinks,
  referralMeetings,
  referralPayouts,
  referralRewards,
  referralSettings,
  type ReferralLinkRow,
  type ReferralRewardRow,
} from './referral.schema.ts';

/** Advisory lock key of tree writes: one edge is made at a time, so no cycle can race in. */
const TREE_LOCK = 0x52_45_46_54; // 'REFT'

export interface SourceSums {
  basic_meeting: bigint;
  paid_meeting: bigint;
  business_purchase: bigint;
}

/** A row of a list; times are PostgreSQL's JSON text of a timestamptz. */
export interface ListedRow {
  userId: number;
  domain: string | null;
  depth: number;
  referralLevel: string;
  joinedAt: string;
  meetingsCount: number;
  lastActivityAt: string | null;
  income: string;
  childrenCount: number;
  flagged: boolean;
}

type Row = Record<string, unknown>;

export interface StatsRow {
  /** Income per source ever. */
  income: SourceSums;
  /** What payouts that did not fail covered. */
  paid: bigint;
  daily: { day: string; source: string; total: string }[];
  /** Per period, in the order of the `froms` given. */
  periods: { clicks: number; registrations: number; buyers: number }[];
  /** Level 1, 2, 3 sizes. */
  levels: number[];
  active: number;
}

async function rows<T>(db: DbExecutor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute<Row>(query);
  return result.rows as T[];
}

/** All SQL of the referral programme. */
export const referralRepository = {
  async lockTree(tx: DbExecutor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`);
  },

  /** The user's ancestors, nearest first (depth 1..3). */
  async ancestors(db: DbExecutor, userId: number): Promise<ReferralLinkRow[]> {
    return db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.descendantId, userId))
      .orderBy(referralLinks.depth);
  },

  async hasDescendants(db: DbExecutor, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(referralLinks)
      .where(eq(referralLinks.ancestorId, userId))
      .limit(1);
    return row !== undefined;
  },

  async insertLinks(tx: DbExecutor, values: (typeof referralLinks.$inferInsert)[]): Promise<void> {
    if (values.length > 0) await tx.insert(referralLinks).values(values);
  },

  /** How far below `ancestorId` the user is (1..3), or null when outside those levels. */
  async depthBelow(db: DbExecutor, ancestorId: number, userId: number): Promise<number | null> {
    const [row] = await db
      .select({ depth: referralLinks.depth })
      .from(referralLinks)
      .where(and(eq(referralLinks.ancestorId, ancestorId), eq(referralLinks.descendantId, userId)))
      .limit(1);
    return row?.depth ?? null;
  },

  /** Counts a click unless the visitor clicked this referrer's link within the last 24 hours. */
  async trackClick(tx: DbExecutor, referrerId: number, visitor: string): Promise<boolean> {
    await tx.execute(sql`select pg_advisory_xact_lock(${referrerId}, hashtext(${visitor}))`);
    const recent = await rows(
      tx,
      sql`select 1 from referral_clicks where referrer_id = ${referrerId} and visitor = ${visitor}
          and created_at > now() - interval '24 hours' limit 1`,
    );
    if (recent.length > 0) return false;
    await tx.insert(referralClicks).values({ referrerId, visitor });
    return true;
  },

  async settings(db: DbExecutor) {
    const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
    return row ?? { id: 1, level1Bp: 1000, level2Bp: 500, level3Bp: 200, updatedAt: new Date() };
  },

  async updateSettings(
    db: DbExecutor,
    values: { level1Bp: number; level2Bp: number; level3Bp: number },
  ) {
    const [row] = await db
      .insert(referralSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: referralSettings.id,
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return row;
  },

  /** Inserts rewards; one already recorded for (earner, event) is left as it is. */
  async insertRewards(
    tx: DbExecutor,
    values: (typeof referralRewards.$inferInsert)[],
  ): Promise<ReferralRewardRow[]> {
    if (values.length === 0) return [];
    return tx.insert(referralRewards).values(values).onConflictDoNothing().returning();
  },

  async recordMeeting(tx: DbExecutor, userId: number, eventRef: string): Promise<void> {
    await tx.insert(referralMeetings).values({ userId, eventRef }).onConflictDoNothing();
  },

  /**
   * One page of the direct referrals of `parentId` (who is `parentDepth` levels below the
   * viewer, 0 for the viewer), newest first; the per-row figures are computed for the page
   * only, and the total is read from the level counts.
   */
  async listChildren(
    db: DbExecutor,
    viewerId: number,
    parentId: number,
    parentDepth: number,
    role: 'all' | 'human' | 'business',
    offset: number,
    limit: number,
  ): Promise<{ items: ListedRow[]; total: number }> {
    const byRole = role === 'all' ? sql`` : sql`and level = ${role}`;
    // One statement: the total from the level counts, the page's ids from the index alone (an
    // OFFSET skips index entries, not rows), and the figures for those rows only.
    const [result] = await rows<{ total: number; items: ListedRow[] }>(
      db,
      sql`with page as (
          select descendant_id as id, created_at from referral_links
          where ancestor_id = ${parentId} and depth = 1 ${byRole}
          order by created_at desc, descendant_id desc
          offset ${offset} limit ${limit}),
        listed as (
          select u.id as "userId", u.domain, ${parentDepth + 1}::int as depth,
            u.referral_level as "referralLevel", p.created_at as "joinedAt", l.flagged,
            (select count(*)::int from referral_meetings m where m.user_id = u.id)
              as "meetingsCount",
            (select max(s.last_seen_at) from sessions s where s.user_id = u.id)
              as "lastActivityAt",
            (select coalesce(sum(r.amount), 0)::text from referral_rewards r
              where r.user_id = ${viewerId} and r.source_user_id = u.id) as income,
            ${
              parentDepth + 1 >= 3
                ? sql`0`
                : sql`(select coalesce(sum(g.n), 0)::int from referral_level_counts g
              where g.ancestor_id = u.id and g.depth = 1)`
            } as "childrenCount"
          from page p
          join users u on u.id = p.id
          join referral_links l on l.descendant_id = p.id and l.depth = 1)
        select
          (select coalesce(sum(n), 0)::int from referral_level_counts
            where ancestor_id = ${parentId} and depth = 1 ${byRole}) as total,
          (select coalesce(json_agg(x order by x."joinedAt" desc, x."userId" desc), '[]')
            from listed x) as items`,
    );
    return { items: result?.items ?? [], total: result?.total ?? 0 };
  },

  async rewardsPage(
    db: DbExecutor,
    userId: number,
    filter: { from: Date | null; source: string | null },
    offset: number,
    limit: number,
  ) {
    const where = sql`r.user_id = ${userId}
      ${filter.from ? sql`and r.created_at >= ${filter.from.toISOString()}` : sql``}
      ${filter.source ? sql`and r.source = ${filter.source}` : sql``}`;
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from referral_rewards r where ${where}`,
    );
    const items = await rows<{
      id: number;
      sourceUserId: number;
      sourceNickname: string | null;
      depth: number;
      source: string;
      baseAmount: string;
      shareBp: number;
      amount: string;
      status: string;
      transactionId: number | null;
      createdAt: Date;
    }>(
      db,
      sql`select r.id::int as id, r.source_user_id as "sourceUserId", u.domain as "sourceNickname",
          r.depth::int as depth, r.source, r.base_amount::text as "baseAmount",
          r.share_bp as "shareBp", r.amount::text as amount, r.status,
          p.transaction_id::int as "transactionId", r.created_at as "createdAt"
        from referral_rewards r
        join users u on u.id = r.source_user_id
        left join referral_payouts p on p.id = r.payout_id
        where ${where}
        order by r.created_at desc, r.id desc
        offset ${offset} limit ${limit}`,
    );
    return { items, total: count?.n ?? 0 };
  },

  /**
   * Everything `GET /referral/stats` reads, in one statement over the rollups (one round trip,
   * a few dozen rows however many referrals): income per source ever and what payouts covered,
   * income per day and source since the earliest period start, per period the clicks, direct
   * registrations and buyers among them, the size of each level, and how many people of the
   * three levels were last active on or after `activeSince` (a UTC day).
   */
  async stats(
    db: DbExecutor,
    userId: number,
    froms: readonly string[],
    activeSince: string,
  ): Promise<StatsRow> {
    const earliest = froms.reduce((a, b) => (a < b ? a : b));
    const perPeriod = (expression: string) =>
      sql`json_build_array(${sql.join(
        froms.map(
          (from) =>
            sql`coalesce(sum(${sql.raw(expression)}) filter (where day >= ${from}::date), 0)::int`,
        ),
        sql`, `,
      )})`;
    const [row] = await rows<{
      income: Record<string, string> | null;
      paid: string;
      daily: [string, string, string][] | null;
      clicks: number[];
      registrations: number[];
      buyers: number[];
      levels: [number, number][] | null;
      active: number;
    }>(
      db,
      sql`select
        (select json_object_agg(source, total) from (
          select source, sum(amount)::text as total from referral_income_daily
          where user_id = ${userId} group by source) s) as income,
        (select coalesce(sum(amount), 0)::text from referral_payouts
          where user_id = ${userId} and status <> 'failed') as paid,
        (select json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), source, amount::text))
          from referral_income_daily
          where user_id = ${userId} and day >= ${earliest}::date) as daily,
        (select ${perPeriod('clicks')} from referral_clicks_daily
          where referrer_id = ${userId} and day >= ${earliest}::date) as clicks,
        (select ${perPeriod('registrations')} from referral_joins_daily
          where ancestor_id = ${userId} and day >= ${earliest}::date) as registrations,
        (select ${perPeriod('buyers')} from referral_joins_daily
          where ancestor_id = ${userId} and day >= ${earliest}::date) as buyers,
        (select json_agg(json_build_array(depth, n)) from (
          select depth::int as depth, sum(n)::int as n from referral_level_counts
          where ancestor_id = ${userId} group by depth) l) as levels,
        (select coalesce(sum(n), 0)::int from referral_active_daily
          where ancestor_id = ${userId} and day >= ${activeSince}::date) as active`,
    );
    if (!row) throw new Error('the stats query returned no row');
    const income: SourceSums = { basic_meeting: 0n, paid_meeting: 0n, business_purchase: 0n };
    for (const [source, total] of Object.entries(row.income ?? {})) {
      income[source as keyof SourceSums] = BigInt(total);
    }
    const levels = [1, 2, 3].map((d) => row.levels?.find(([depth]) => depth === d)?.[1] ?? 0);
    return {
      income,
      paid: BigInt(row.paid),
      daily: (row.daily ?? []).map(([day, source, total]) => ({ day, source, total })),
      periods: froms.map((_, i) => ({
        clicks: row.clicks[i] ?? 0,
        registrations: row.registrations[i] ?? 0,
        buyers: row.buyers[i] ?? 0,
      })),
      levels,
      active: row.active,
    };
  },

  /** Users whose accrued rewards reach `minimum` and who have had no payout on `day`. */
  async dueForPayout(db: DbExecutor, minimum: bigint, day: string, max: number) {
    const result = await rows<{ userId: number }>(
      db,
      sql`select r.user_id as "userId" from referral_rewards r
        where r.status = 'accrued'
          and not exists (select 1 from referral_payouts p where p.user_id = r.user_id
            and p.day = ${day} and p.status <> 'failed')
        group by r.user_id having sum(r.amount) >= ${minimum.toString()}::numeric
        order by r.user_id limit ${max}`,
    );
    return result.map((r) => r.userId);
  },

  /** Locks the user's accrued rewards (so two workers cannot pay them twice). */
  async lockAccrued(tx: DbExecutor, userId: number): Promise<ReferralRewardRow[]> {
    return tx
      .select()
      .from(referralRewards)
      .where(and(eq(referralRewards.userId, userId), eq(referralRewards.status, 'accrued')))
      .for('update');
  },

  async insertPayout(tx: DbExecutor, values: typeof referralPayouts.$inferInsert) {
    const [row] = await tx.insert(referralPayouts).values(values).returning();
    if (!row) throw new Error('insert into referral_payouts returned no row');
    return row;
  },

  async setPayoutTransaction(tx: DbExecutor, payoutId: number, transactionId: number) {
    await tx.update(referralPayouts).set({ transactionId }).where(eq(referralPayouts.id, payoutId));
  },

  async markPaid(tx: DbExecutor, rewardIds: number[], payoutId: number): Promise<void> {
    if (rewardIds.length === 0) return;
    await tx.execute(
      sql`update referral_rewards set status = 'paid', payout_id = ${payoutId}
        where id in (${sql.join(
          rewardIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
  },

  async payoutByTransaction(tx: DbExecutor, transactionId: number) {
    const [row] = await tx
      .select()
      .from(referralPayouts)
      .where(eq(referralPayouts.transactionId, transactionId))
      .for('update')
      .limit(1);
    return row;
  },

  /** Ends a payout; a failed one gives its rewards back to the next payout. */
  async settlePayout(tx: DbExecutor, payoutId: number, paid: boolean): Promise<void> {
    await tx
      .update(referralPayouts)
      .set({ status: paid ? 'paid' : 'failed' })
      .where(eq(referralPayouts.id, payoutId));
    if (!paid) {
      await tx
        .update(referralRewards)
        .set({ status: 'accrued', payoutId: null })
        .where(eq(referralRewards.payoutId, payoutId));
    }
  },
};
