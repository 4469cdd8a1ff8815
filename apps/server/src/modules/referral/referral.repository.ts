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

export interface ListedRow {
  userId: number;
  domain: string | null;
  depth: number;
  referralLevel: string;
  joinedAt: Date;
  meetingsCount: number;
  lastActivityAt: Date | null;
  income: string;
  childrenCount: number;
  flagged: boolean;
}

type Row = Record<string, unknown>;

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
   * One page of the direct referrals of `parentId`, limited to people inside `viewerId`'s
   * three levels; the per-row figures are computed for the page only.
   */
  async listChildren(
    db: DbExecutor,
    viewerId: number,
    parentId: number,
    role: 'all' | 'human' | 'business',
    offset: number,
    limit: number,
  ): Promise<{ items: ListedRow[]; total: number }> {
    // The users table is joined only to filter by level, so "All roles" stays an index range.
    const byRole =
      role === 'all'
        ? sql``
        : sql`and exists (select 1 from users f where f.id = c.descendant_id and f.referral_level = ${role})`;
    // The caller's own level 1 needs no second look at the tree; deeper lists keep to people
    // inside the caller's three levels.
    const base =
      parentId === viewerId
        ? sql`from referral_links c where c.ancestor_id = ${viewerId} and c.depth = 1 ${byRole}`
        : sql`from referral_links c
            join referral_links v on v.descendant_id = c.descendant_id and v.ancestor_id = ${viewerId}
            where c.ancestor_id = ${parentId} and c.depth = 1 ${byRole}`;
    const depth = parentId === viewerId ? sql`1` : sql`v.depth::int`;
    const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
    // The page is chosen first; the per-row figures are then computed for its rows only (an
    // OFFSET would otherwise compute them for every skipped row too).
    const items = await rows<ListedRow>(
      db,
      sql`with page as (
          select c.descendant_id as id, ${depth} as depth, c.created_at, c.flagged ${base}
          order by c.created_at desc, c.descendant_id desc
          offset ${offset} limit ${limit})
        select u.id as "userId", u.domain, p.depth,
          u.referral_level as "referralLevel", p.created_at as "joinedAt", p.flagged,
          (select count(*)::int from referral_meetings m where m.user_id = u.id) as "meetingsCount",
          (select max(s.last_seen_at) from sessions s where s.user_id = u.id) as "lastActivityAt",
          (select coalesce(sum(r.amount), 0)::text from referral_rewards r
            where r.user_id = ${viewerId} and r.source_user_id = u.id) as income,
          case when p.depth >= 3 then 0 else
            (select count(*)::int from referral_links g where g.ancestor_id = u.id and g.depth = 1)
          end as "childrenCount"
        from page p join users u on u.id = p.id
        order by p.created_at desc, p.id desc`,
    );
    return { items, total: count?.n ?? 0 };
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
   * Income per source ever (from the daily rollup), and `pending`: what no payout covers yet
   * (paid rewards are exactly those of payouts that did not fail).
   */
  async incomeBySource(db: DbExecutor, userId: number): Promise<SourceSums & { pending: bigint }> {
    const result = await rows<{ source: string; total: string }>(
      db,
      sql`select source, sum(amount)::text as total from referral_income_daily
        where user_id = ${userId} group by source`,
    );
    const [paid] = await rows<{ total: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as total from referral_payouts
        where user_id = ${userId} and status <> 'failed'`,
    );
    const sums = { basic_meeting: 0n, paid_meeting: 0n, business_purchase: 0n, pending: 0n };
    for (const row of result) sums[row.source as keyof SourceSums] = BigInt(row.total);
    sums.pending =
      sums.basic_meeting + sums.paid_meeting + sums.business_purchase - BigInt(paid?.total ?? 0);
    return sums;
  },

  /** Income per UTC day and source since the day of `from`. */
  async dailyIncome(db: DbExecutor, userId: number, from: Date) {
    return rows<{ day: string; source: string; total: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, source, amount::text as total
        from referral_income_daily
        where user_id = ${userId} and day >= ${from.toISOString().slice(0, 10)}::date`,
    );
  },

  async levelCounts(db: DbExecutor, userId: number): Promise<number[]> {
    const result = await rows<{ depth: number; n: number }>(
      db,
      sql`select depth::int as depth, count(*)::int as n from referral_links
        where ancestor_id = ${userId} group by depth`,
    );
    return [1, 2, 3].map((d) => result.find((r) => r.depth === d)?.n ?? 0);
  },

  /** People in the three levels with a session used since `since`. */
  async activeCount(db: DbExecutor, userId: number, since: Date): Promise<number> {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from referral_links l
        where l.ancestor_id = ${userId} and exists (
          select 1 from sessions s where s.user_id = l.descendant_id
          and s.last_seen_at >= ${since.toISOString()})`,
    );
    return row?.n ?? 0;
  },

  /**
   * Clicks, direct registrations and buyers among them since each of `froms` (one scan each of
   * clicks and level 1, from the earliest start).
   */
  async periodCounts(
    db: DbExecutor,
    userId: number,
    froms: readonly Date[],
  ): Promise<{ clicks: number; registrations: number; buyers: number }[]> {
    const earliest = new Date(Math.min(...froms.map((d) => d.getTime()))).toISOString();
    const per = (column: string, extra = sql``) =>
      sql.join(
        froms.map(
          (from, i) =>
            sql`count(*) filter (where ${sql.raw(column)} >= ${from.toISOString()} ${extra})::int as ${sql.raw(`n${i}`)}`,
        ),
        sql`, `,
      );
    const [clicks] = await rows<Record<string, number>>(
      db,
      sql`select ${sql.join(
        froms.map(
          (from, i) =>
            sql`coalesce(sum(clicks) filter (where day >= ${from.toISOString().slice(0, 10)}::date), 0)::int as ${sql.raw(`n${i}`)}`,
        ),
        sql`, `,
      )} from referral_clicks_daily
        where referrer_id = ${userId} and day >= ${earliest.slice(0, 10)}::date`,
    );
    const [regs] = await rows<Record<string, number>>(
      db,
      sql`select ${per('created_at')}, ${sql.join(
        froms.map(
          (from, i) =>
            sql`count(*) filter (where created_at >= ${from.toISOString()} and bought)::int as ${sql.raw(`b${i}`)}`,
        ),
        sql`, `,
      )} from referral_links
        where ancestor_id = ${userId} and depth = 1 and created_at >= ${earliest}`,
    );
    return froms.map((_, i) => ({
      clicks: clicks?.[`n${i}`] ?? 0,
      registrations: regs?.[`n${i}`] ?? 0,
      buyers: regs?.[`b${i}`] ?? 0,
    }));
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
