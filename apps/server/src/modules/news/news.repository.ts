import { and, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { NewsStatus } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import { news, type NewNewsRow, type NewsRow } from './news.schema.ts';

export interface NewsListFilter {
  offset: number;
  limit: number;
  /** Only what readers may see: published and due. */
  publicOnly: boolean;
  status?: NewsStatus | undefined;
}

export type NewsFields = Omit<
  NewNewsRow,
  'id' | 'createdAt' | 'updatedAt' | 'notifiedAt' | 'createdBy'
>;

const isOut = () => and(eq(news.status, NewsStatus.PUBLISHED), lte(news.publishAt, sql`now()`));

/** All SQL of news. */
export const newsRepository = {
  async list(db: DbExecutor, filter: NewsListFilter): Promise<{ rows: NewsRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.publicOnly) conditions.push(isOut() as SQL);
    if (filter.status) conditions.push(eq(news.status, filter.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select()
        .from(news)
        .where(where)
        .orderBy(desc(news.publishAt), desc(news.id))
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ total: count() }).from(news).where(where),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  },

  async find(db: DbExecutor, id: number, publicOnly: boolean): Promise<NewsRow | undefined> {
    const [row] = await db
      .select()
      .from(news)
      .where(publicOnly ? and(eq(news.id, id), isOut()) : eq(news.id, id))
      .limit(1);
    return row;
  },

  async insert(db: DbExecutor, values: NewsFields & { createdBy: number }): Promise<NewsRow> {
    const [row] = await db.insert(news).values(values).returning();
    if (!row) throw new Error('news insert returned no row');
    return row;
  },

  async update(db: DbExecutor, id: number, values: NewsFields): Promise<NewsRow | undefined> {
    const [row] = await db
      .update(news)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning();
    return row;
  },

  async delete(db: DbExecutor, id: number): Promise<NewsRow | undefined> {
    const [row] = await db.delete(news).where(eq(news.id, id)).returning();
    return row;
  },

  /**
   * Claims the items that are out and nobody was told of yet. The claim is the update itself,
   * so two processes never announce one item twice.
   */
  async claimToNotify(db: DbExecutor, limit = 20): Promise<NewsRow[]> {
    const due = db
      .select({ id: news.id })
      .from(news)
      .where(and(isOut(), isNull(news.notifiedAt)))
      .orderBy(news.publishAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(news)
      .set({ notifiedAt: sql`now()` })
      .where(inArray(news.id, due))
      .returning();
  },
};
