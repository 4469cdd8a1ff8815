import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  cpaAttributions,
  cpaConversions,
  cpaHits,
  cpaLinks,
  cpaPartners,
  cpaPayoutRates,
  cpaPayouts,
  cpaRevenue,
  type CpaConversionRow,
  type CpaLinkRow,
} from './cpa.schema.ts';
import { cpaPostbacksRepository } from './cpa-postbacks.repository.ts';

type Row = Record<string, unknown>;

async function rows<T>(db: DbExecutor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute<Row>(query);
  return result.rows as T[];
}

/** Figures of one link (and day, when grouped by day); money as decimal strings. */
export interface FigureRow {
  linkId: string;
  day: string | null;
  hits: number;
  regs: number;
  value: string;
  profit: string;
  paid: string;
}

export interface FraudRow {
  userId: number;
  selfHits: number;
  sharedDeviceRegs: number;
  flaggedConversions: number;
}

/**
 * The figures of the given links as one union of the four event tables, summed per link (and
 * per UTC day when `byDay`), between `from` (inclusive) and `to` (exclusive) when given.
 */
function figuresQuery(
  linkIds: readonly string[],
  byDay: boolean,
  from: Date | null,
  to: Date | null,
) {
  const ids = sql.join(
    linkIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const within = (column: ReturnType<typeof sql>) =>
    sql`${from ? sql`and ${column} >= ${from}` : sql``} ${to ? sql`and ${column} < ${to}` : sql``}`;
  const day = (column: ReturnType<typeof sql>) =>
    byDay ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')` : sql`null::text`;
  return sql`
    select link_id as "linkId", day,
      sum(hits)::int as hits, sum(regs)::int as regs,
      sum(value)::text as value, sum(profit)::text as profit, sum(paid)::text as paid
    from (
      select link_id, ${day(sql`created_at`)} as day, 1 as hits, 0 as regs, 0::numeric as value,
        0::numeric as profit, 0::numeric as paid
      from cpa_hits where link_id in (${ids}) and flag is null ${within(sql`created_at`)}
      union all
      select link_id, ${day(sql`created_at`)}, 0, 1, 0, 0, 0
      from cpa_attributions where link_id in (${ids}) ${within(sql`created_at`)}
      union all
      select link_id, ${day(sql`created_at`)}, 0, 0, amount, 0, 0
      from cpa_revenue where link_id in (${ids}) ${within(sql`created_at`)}
      union all
      select link_id, ${day(sql`created_at`)}, 0, 0, 0, payout,
        case when payout_id is null then 0 else payout end
      from cpa_conversions where link_id in (${ids}) and not flagged ${within(sql`created_at`)}
    ) events
    group by link_id, day`;
}

/** All SQL of the affiliate programme. */
export const cpaRepository = {
  // ── Links ──────────────────────────────────────────────────────────────────────────────
  async insertLink(
    db: DbExecutor,
    values: {
      id: string;
      userId: number;
      name: string;
      callbackUrl: string | null;
      secretSealed: string;
    },
  ): Promise<CpaLinkRow> {
    const [row] = await db.insert(cpaLinks).values(values).returning();
    if (!row) throw new Error('insert into cpa_links returned no row');
    return row;
  },

  async linksOf(db: DbExecutor, userId: number): Promise<CpaLinkRow[]> {
    return db
      .select()
      .from(cpaLinks)
      .where(and(eq(cpaLinks.userId, userId), isNull(cpaLinks.deletedAt)))
      .orderBy(desc(cpaLinks.createdAt), desc(cpaLinks.id));
  },

  /** Every link of the user, deleted ones too (their figures still count). */
  async allLinksOf(db: DbExecutor, userId: number): Promise<CpaLinkRow[]> {
    return db.select().from(cpaLinks).where(eq(cpaLinks.userId, userId));
  },

  async findLink(db: DbExecutor, id: string): Promise<CpaLinkRow | undefined> {
    const [row] = await db
      .select()
      .from(cpaLinks)
      .where(and(eq(cpaLinks.id, id), isNull(cpaLinks.deletedAt)));
    return row;
  },

  async updateLink(
    db: DbExecutor,
    id: string,
    changes: Partial<Pick<CpaLinkRow, 'name' | 'callbackUrl' | 'secretSealed'>>,
    now: Date,
  ): Promise<CpaLinkRow | undefined> {
    const [row] = await db
      .update(cpaLinks)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(cpaLinks.id, id), isNull(cpaLinks.deletedAt)))
      .returning();
    return row;
  },

  async deleteLink(db: DbExecutor, id: string, now: Date): Promise<boolean> {
    const deleted = await db
      .update(cpaLinks)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(cpaLinks.id, id), isNull(cpaLinks.deletedAt)))
      .returning({ id: cpaLinks.id });
    return deleted.length > 0;
  },

  async figures(
    db: DbExecutor,
    linkIds: readonly string[],
    options: { byDay: boolean; from?: Date | null; to?: Date | null },
  ): Promise<FigureRow[]> {
    if (linkIds.length === 0) return [];
    return rows<FigureRow>(
      db,
      figuresQuery(linkIds, options.byDay, options.from ?? null, options.to ?? null),
    );
  },

  // ── Hits and attribution ───────────────────────────────────────────────────────────────
  /**
   * Counts a hit unless the visitor has one of the link within the window (then only its
   * last-seen time and click id move). Serialised per (link, visitor) by an advisory lock, so
   * two requests at once count once. True when a new hit was counted.
   */
  async touchHit(
    tx: DbExecutor,
    hit: { linkId: string; visitor: string; clickId: string | null; flag: string | null },
    now: Date,
    windowStart: Date,
  ): Promise<boolean> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`cpa-hit:${hit.linkId}:${hit.visitor}`}, 0))`,
    );
    const [current] = await tx
      .select({ id: cpaHits.id })
      .from(cpaHits)
      .where(
        and(
          eq(cpaHits.linkId, hit.linkId),
          eq(cpaHits.visitor, hit.visitor),
          sql`${cpaHits.createdAt} > ${windowStart}`,
        ),
      )
      .orderBy(desc(cpaHits.createdAt))
      .limit(1);
    if (current) {
      await tx
        .update(cpaHits)
        .set({ lastSeenAt: now, ...(hit.clickId !== null ? { clickId: hit.clickId } : {}) })
        .where(eq(cpaHits.id, current.id));
      return false;
    }
    await tx.insert(cpaHits).values({ ...hit, createdAt: now, lastSeenAt: now });
    return true;
  },

  /** The visitor's most recently seen hit of a live link whose window is still open. */
  async lastHitOf(
    db: DbExecutor,
    visitor: string,
    windowStart: Date,
  ): Promise<{ linkId: string; clickId: string | null; affiliateId: number } | undefined> {
    const [row] = await db
      .select({ linkId: cpaHits.linkId, clickId: cpaHits.clickId, affiliateId: cpaLinks.userId })
      .from(cpaHits)
      .innerJoin(cpaLinks, eq(cpaLinks.id, cpaHits.linkId))
      .where(
        and(
          eq(cpaHits.visitor, visitor),
          sql`${cpaHits.createdAt} > ${windowStart}`,
          isNull(cpaLinks.deletedAt),
        ),
      )
      .orderBy(desc(cpaHits.lastSeenAt), desc(cpaHits.id))
      .limit(1);
    return row;
  },

  async registrationsFrom(db: DbExecutor, visitor: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(cpaAttributions)
      .where(eq(cpaAttributions.visitor, visitor));
    return row?.n ?? 0;
  },

  async insertAttribution(
    tx: DbExecutor,
    values: typeof cpaAttributions.$inferInsert,
  ): Promise<boolean> {
    const inserted = await tx
      .insert(cpaAttributions)
      .values(values)
      .onConflictDoNothing()
      .returning({ userId: cpaAttributions.userId });
    return inserted.length > 0;
  },

  async attributionOf(db: DbExecutor, userId: number) {
    const [row] = await db
      .select({
        linkId: cpaAttributions.linkId,
        clickId: cpaAttributions.clickId,
        flag: cpaAttributions.flag,
        affiliateId: cpaLinks.userId,
        callbackUrl: cpaLinks.callbackUrl,
        deletedAt: cpaLinks.deletedAt,
      })
      .from(cpaAttributions)
      .innerJoin(cpaLinks, eq(cpaLinks.id, cpaAttributions.linkId))
      .where(eq(cpaAttributions.userId, userId));
    return row;
  },

  // ── Conversions and revenue ────────────────────────────────────────────────────────────
  /** The conversion, or undefined when the user already converted on this action. */
  async insertConversion(
    tx: DbExecutor,
    values: typeof cpaConversions.$inferInsert,
  ): Promise<CpaConversionRow | undefined> {
    const [row] = await tx.insert(cpaConversions).values(values).onConflictDoNothing().returning();
    return row;
  },

  async insertRevenue(tx: DbExecutor, values: typeof cpaRevenue.$inferInsert): Promise<void> {
    await tx.insert(cpaRevenue).values(values).onConflictDoNothing();
  },

  async conversionsPage(
    db: DbExecutor,
    affiliateId: number,
    linkId: string | null,
    offset: number,
    limit: number,
  ) {
    const where = and(
      eq(cpaConversions.affiliateId, affiliateId),
      linkId ? eq(cpaConversions.linkId, linkId) : undefined,
    );
    const [items, [total]] = await Promise.all([
      db
        .select({ conversion: cpaConversions, linkName: cpaLinks.name })
        .from(cpaConversions)
        .innerJoin(cpaLinks, eq(cpaLinks.id, cpaConversions.linkId))
        .where(where)
        .orderBy(desc(cpaConversions.createdAt), desc(cpaConversions.id))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(cpaConversions).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  async findConversion(db: DbExecutor, id: number): Promise<CpaConversionRow | undefined> {
    const [row] = await db.select().from(cpaConversions).where(eq(cpaConversions.id, id));
    return row;
  },

  // ── Settings and levels ────────────────────────────────────────────────────────────────
  async rates(db: DbExecutor): Promise<{ action: string; level: string; amount: string }[]> {
    return db.select().from(cpaPayoutRates);
  },

  async setRates(
    tx: DbExecutor,
    values: { action: string; level: string; amount: string }[],
  ): Promise<void> {
    if (values.length === 0) return;
    await tx
      .insert(cpaPayoutRates)
      .values(values)
      .onConflictDoUpdate({
        target: [cpaPayoutRates.action, cpaPayoutRates.level],
        set: { amount: sql`excluded.amount` },
      });
  },

  async levelOf(db: DbExecutor, userId: number): Promise<string> {
    const [row] = await db
      .select({ level: cpaPartners.level })
      .from(cpaPartners)
      .where(eq(cpaPartners.userId, userId));
    return row?.level ?? 'standard';
  },

  async setLevel(db: DbExecutor, userId: number, level: string, now: Date): Promise<void> {
    await db
      .insert(cpaPartners)
      .values({ userId, level, updatedAt: now })
      .onConflictDoUpdate({ target: cpaPartners.userId, set: { level, updatedAt: now } });
  },

  ...cpaPostbacksRepository,

  // ── Payouts ────────────────────────────────────────────────────────────────────────────
  /** Locks the partner's earned, unpaid conversions (for one payout at a time). */
  async lockUnpaid(tx: DbExecutor, affiliateId: number) {
    return tx
      .select({ id: cpaConversions.id, payout: cpaConversions.payout })
      .from(cpaConversions)
      .where(
        and(
          eq(cpaConversions.affiliateId, affiliateId),
          isNull(cpaConversions.payoutId),
          eq(cpaConversions.flagged, false),
        ),
      )
      .for('update');
  },

  async unpaidOf(db: DbExecutor, affiliateId: number): Promise<bigint> {
    const [row] = await rows<{ total: string | null }>(
      db,
      sql`select coalesce(sum(payout), 0)::text as total from cpa_conversions
          where affiliate_id = ${affiliateId} and payout_id is null and not flagged`,
    );
    return BigInt(row?.total ?? '0');
  },

  async earnedOf(db: DbExecutor, affiliateId: number): Promise<bigint> {
    const [row] = await rows<{ total: string | null }>(
      db,
      sql`select coalesce(sum(payout), 0)::text as total from cpa_conversions
          where affiliate_id = ${affiliateId} and not flagged`,
    );
    return BigInt(row?.total ?? '0');
  },

  async insertPayout(
    tx: DbExecutor,
    values: { userId: number; amount: string; createdBy: number; createdAt: Date },
  ) {
    const [row] = await tx.insert(cpaPayouts).values(values).returning();
    if (!row) throw new Error('insert into cpa_payouts returned no row');
    return row;
  },

  async settlePayout(
    tx: DbExecutor,
    payoutId: number,
    transactionId: number,
    conversionIds: readonly number[],
  ): Promise<void> {
    await tx.update(cpaPayouts).set({ transactionId }).where(eq(cpaPayouts.id, payoutId));
    if (conversionIds.length > 0) {
      await tx
        .update(cpaConversions)
        .set({ payoutId })
        .where(inArray(cpaConversions.id, [...conversionIds]));
    }
  },

  /** A payout's REWARD failed: its conversions are owed again (the payout row stays as history). */
  async releasePayout(tx: DbExecutor, transactionId: number): Promise<boolean> {
    const [payout] = await tx
      .select({ id: cpaPayouts.id })
      .from(cpaPayouts)
      .where(eq(cpaPayouts.transactionId, transactionId));
    if (!payout) return false;
    await tx
      .update(cpaConversions)
      .set({ payoutId: null })
      .where(eq(cpaConversions.payoutId, payout.id));
    return true;
  },

  async payoutsOf(db: DbExecutor, userId: number) {
    return db
      .select()
      .from(cpaPayouts)
      .where(eq(cpaPayouts.userId, userId))
      .orderBy(desc(cpaPayouts.createdAt), desc(cpaPayouts.id))
      .limit(100);
  },

  // ── Partners ───────────────────────────────────────────────────────────────────────────
  async partners(db: DbExecutor) {
    return rows<{ userId: number; links: number; level: string }>(
      db,
      sql`select l.user_id as "userId", count(*) filter (where l.deleted_at is null)::int as links,
            coalesce(max(p.level), 'standard') as level
          from cpa_links l left join cpa_partners p on p.user_id = l.user_id
          group by l.user_id order by l.user_id`,
    );
  },

  async linkOwners(db: DbExecutor): Promise<{ id: string; userId: number }[]> {
    return db.select({ id: cpaLinks.id, userId: cpaLinks.userId }).from(cpaLinks);
  },

  async fraud(db: DbExecutor): Promise<FraudRow[]> {
    return rows<FraudRow>(
      db,
      sql`select l.user_id as "userId",
            (select count(*) from cpa_hits h join cpa_links x on x.id = h.link_id
              where x.user_id = l.user_id and h.flag = 'self')::int as "selfHits",
            (select count(*) from cpa_attributions a join cpa_links x on x.id = a.link_id
              where x.user_id = l.user_id and a.flag = 'shared_device')::int as "sharedDeviceRegs",
            (select count(*) from cpa_conversions c
              where c.affiliate_id = l.user_id and c.flagged)::int as "flaggedConversions"
          from (select distinct user_id from cpa_links) l`,
    );
  },
};
