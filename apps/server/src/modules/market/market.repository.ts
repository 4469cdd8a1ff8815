import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { marketPurchases, type MarketPurchaseRow } from './market.schema.ts';

export type PurchaseStatus = 'pending' | 'queued' | 'completed' | 'canceled' | 'failed';
export const OPEN_PURCHASE = ['pending', 'queued'] as const;

/** All SQL of market purchases. */
export const marketRepository = {
  /** Per level: purchases completed and buyers waiting in the queue (the monitor). */
  async levelFigures(db: DbExecutor): Promise<{ level: number; sold: number; queued: number }[]> {
    return db
      .select({
        level: marketPurchases.level,
        sold: sql<number>`(count(*) filter (where ${marketPurchases.status} = 'completed'))::int`,
        queued: sql<number>`(count(*) filter (where ${marketPurchases.status} = 'queued'))::int`,
      })
      .from(marketPurchases)
      .groupBy(marketPurchases.level);
  },

  async insert(
    db: DbExecutor,
    values: typeof marketPurchases.$inferInsert,
  ): Promise<MarketPurchaseRow> {
    const [row] = await db.insert(marketPurchases).values(values).returning();
    if (!row) throw new Error('insert into market_purchases returned no row');
    return row;
  },

  async find(db: DbExecutor, transactionId: number): Promise<MarketPurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(marketPurchases)
      .where(eq(marketPurchases.transactionId, transactionId))
      .limit(1);
    return row;
  },

  async lock(db: DbExecutor, transactionId: number): Promise<MarketPurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(marketPurchases)
      .where(eq(marketPurchases.transactionId, transactionId))
      .for('update')
      .limit(1);
    return row;
  },

  async findByLeave(db: DbExecutor, leaveId: number): Promise<MarketPurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(marketPurchases)
      .where(eq(marketPurchases.leaveTransactionId, leaveId))
      .for('update')
      .limit(1);
    return row;
  },

  /** The completed sales of one token, newest first (their BUY_NFT transactions). */
  async salesOf(db: DbExecutor, tokenId: string): Promise<{ at: Date; transactionId: number }[]> {
    return db
      .select({ at: marketPurchases.updatedAt, transactionId: marketPurchases.transactionId })
      .from(marketPurchases)
      .where(and(eq(marketPurchases.tokenId, tokenId), eq(marketPurchases.status, 'completed')))
      .orderBy(sql`${marketPurchases.updatedAt} desc`);
  },

  /** The user's purchases that are on their way or waiting in a queue. */
  async open(db: DbExecutor, userId: number): Promise<MarketPurchaseRow[]> {
    return db
      .select()
      .from(marketPurchases)
      .where(
        and(
          eq(marketPurchases.userId, userId),
          inArray(marketPurchases.status, [...OPEN_PURCHASE]),
        ),
      );
  },

  async openFor(
    db: DbExecutor,
    userId: number,
    level: number,
  ): Promise<MarketPurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(marketPurchases)
      .where(
        and(
          eq(marketPurchases.userId, userId),
          eq(marketPurchases.level, level),
          inArray(marketPurchases.status, [...OPEN_PURCHASE]),
        ),
      )
      .limit(1);
    return row;
  },

  async update(
    db: DbExecutor,
    transactionId: number,
    changes: Partial<Pick<MarketPurchaseRow, 'status' | 'tokenId' | 'leaveTransactionId'>>,
  ): Promise<void> {
    await db
      .update(marketPurchases)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(marketPurchases.transactionId, transactionId));
  },

  /**
   * Levels the user has bought (completed) or is buying (on its way or queued): the ads'
   * "token level" of a viewer who holds no token now.
   */
  async interestLevels(db: DbExecutor, userId: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ level: marketPurchases.level })
      .from(marketPurchases)
      .where(
        and(
          eq(marketPurchases.userId, userId),
          inArray(marketPurchases.status, ['pending', 'queued', 'completed']),
        ),
      )
      .orderBy(marketPurchases.level);
    return rows.map((row) => row.level);
  },

  /** Serialises the market watcher's passes across processes until the transaction ends. */
  async lockWatcher(db: DbExecutor): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('market-watcher'))`);
  },

  /** When the user's first purchase of a level completed (the meeting rules' 24 h), else null. */
  async firstCompletedAt(db: DbExecutor, userId: number, level: number): Promise<Date | null> {
    const [row] = await db
      .select({
        at: sql<Date | null>`min(${marketPurchases.updatedAt})`.mapWith((v) =>
          v ? new Date(v as string) : null,
        ),
      })
      .from(marketPurchases)
      .where(
        and(
          eq(marketPurchases.userId, userId),
          eq(marketPurchases.level, level),
          eq(marketPurchases.status, 'completed'),
        ),
      );
    return row?.at ?? null;
  },

  /** A level's earliest buyers: each user's first completed purchase of it, oldest first. */
  async earliestBuyers(
    db: DbExecutor,
    level: number,
    limit: number,
  ): Promise<{ userId: number; at: Date }[]> {
    const first = sql<string>`min(${marketPurchases.updatedAt})`;
    const rows = await db
      .select({ userId: marketPurchases.userId, at: first })
      .from(marketPurchases)
      .where(and(eq(marketPurchases.level, level), eq(marketPurchases.status, 'completed')))
      .groupBy(marketPurchases.userId)
      .orderBy(first, marketPurchases.userId)
      .limit(limit);
    return rows.map((row) => ({ userId: row.userId, at: new Date(row.at) }));
  },

  /** Serialises the hot wallet's minting across processes until the transaction ends. */
  async lockMinter(db: DbExecutor): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('market-minter'))`);
  },
};
