import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  cpaConversions,
  cpaPostbackAttempts,
  cpaPostbacks,
  type CpaPostbackRow,
} from './cpa.schema.ts';

/** Postbacks to a partner's tracker and their attempts; part of cpaRepository. */
export const cpaPostbacksRepository = {
  async insertPostback(
    tx: DbExecutor,
    values: typeof cpaPostbacks.$inferInsert,
  ): Promise<CpaPostbackRow> {
    const [row] = await tx.insert(cpaPostbacks).values(values).returning();
    if (!row) throw new Error('insert into cpa_postbacks returned no row');
    return row;
  },

  async findPostback(db: DbExecutor, id: number): Promise<CpaPostbackRow | undefined> {
    const [row] = await db.select().from(cpaPostbacks).where(eq(cpaPostbacks.id, id));
    return row;
  },

  /** Locks the postback for one attempt (a concurrent attempt waits, then sees the new count). */
  async lockPostback(tx: DbExecutor, id: number): Promise<CpaPostbackRow | undefined> {
    const [row] = await tx.select().from(cpaPostbacks).where(eq(cpaPostbacks.id, id)).for('update');
    return row;
  },

  async recordAttempt(
    tx: DbExecutor,
    attempt: typeof cpaPostbackAttempts.$inferInsert,
    postback: { status: string; nextAttemptAt: Date | null },
  ): Promise<void> {
    await tx.insert(cpaPostbackAttempts).values(attempt);
    await tx
      .update(cpaPostbacks)
      .set({
        attempts: attempt.attempt,
        status: postback.status,
        nextAttemptAt: postback.nextAttemptAt,
      })
      .where(eq(cpaPostbacks.id, attempt.postbackId));
  },

  async setPostbackPending(tx: DbExecutor, id: number, nextAttemptAt: Date | null): Promise<void> {
    await tx
      .update(cpaPostbacks)
      .set({ status: 'pending', nextAttemptAt })
      .where(eq(cpaPostbacks.id, id));
  },

  async postbacksPage(db: DbExecutor, affiliateId: number, offset: number, limit: number) {
    const [items, [total]] = await Promise.all([
      db
        .select({ postback: cpaPostbacks, action: cpaConversions.action })
        .from(cpaPostbacks)
        .innerJoin(cpaConversions, eq(cpaConversions.id, cpaPostbacks.conversionId))
        .where(eq(cpaPostbacks.affiliateId, affiliateId))
        .orderBy(desc(cpaPostbacks.createdAt), desc(cpaPostbacks.id))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(cpaPostbacks).where(eq(cpaPostbacks.affiliateId, affiliateId)),
    ]);
    const ids = items.map((item) => item.postback.id);
    const attempts =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(cpaPostbackAttempts)
            .where(inArray(cpaPostbackAttempts.postbackId, ids))
            .orderBy(asc(cpaPostbackAttempts.attempt));
    return { items, attempts, total: total?.n ?? 0 };
  },
};
