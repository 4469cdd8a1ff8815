import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  antiPhishingPhrases,
  notMeLinks,
  securityEvents,
  type NewSecurityEventRow,
  type SecurityEventRow,
} from './security.schema.ts';

/** All SQL on `security_events`. */
export const securityRepository = {
  async insert(db: DbExecutor, values: NewSecurityEventRow): Promise<void> {
    await db.insert(securityEvents).values(values);
  },

  /** The user's events, newest first; `limit` rows from `offset`. */
  async listForUser(
    db: DbExecutor,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<SecurityEventRow[]> {
    return db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(limit)
      .offset(offset);
  },

  async antiPhishing(db: DbExecutor, userId: number): Promise<string | null> {
    const [row] = await db
      .select({ phrase: antiPhishingPhrases.phrase })
      .from(antiPhishingPhrases)
      .where(eq(antiPhishingPhrases.userId, userId));
    return row?.phrase ?? null;
  },

  async setAntiPhishing(db: DbExecutor, userId: number, phrase: string | null): Promise<void> {
    if (phrase === null) {
      await db.delete(antiPhishingPhrases).where(eq(antiPhishingPhrases.userId, userId));
      return;
    }
    await db
      .insert(antiPhishingPhrases)
      .values({ userId, phrase })
      .onConflictDoUpdate({
        target: antiPhishingPhrases.userId,
        set: { phrase, updatedAt: sql`now()` },
      });
  },

  async insertNotMeLink(db: DbExecutor, userId: number): Promise<string> {
    const [row] = await db.insert(notMeLinks).values({ userId }).returning({ id: notMeLinks.id });
    if (!row) throw new Error('insert into not_me_links returned no row');
    return row.id;
  },

  /** Marks the link used; the user it belongs to, or null when it was used already. */
  async useNotMeLink(db: DbExecutor, linkId: string, userId: number): Promise<boolean> {
    const rows = await db
      .update(notMeLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(notMeLinks.id, linkId), eq(notMeLinks.userId, userId), isNull(notMeLinks.usedAt)),
      )
      .returning({ id: notMeLinks.id });
    return rows.length > 0;
  },
};
