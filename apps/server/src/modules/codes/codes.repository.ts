import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { oneTimeCodes, type OneTimeCodeRow } from './codes.schema.ts';

export type CodePurpose = 'recovery' | 'email_verify' | 'withdrawal';

/** All SQL on one-time codes. */
export const codesRepository = {
  /**
   * Serialises code traffic for one address and purpose until the transaction ends, so two
   * parallel requests cannot both pass the resend limit or both use one code.
   */
  async lock(db: DbExecutor, email: string, purpose: CodePurpose): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${email}`}))`);
  },

  /** The newest code for the address and purpose, whatever its state: only it may be used. */
  async latest(
    db: DbExecutor,
    email: string,
    purpose: CodePurpose,
  ): Promise<OneTimeCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose)))
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1);
    return row;
  },

  /** Codes for the address and purpose made after `since` that were guessed wrong, oldest first. */
  async failedSince(
    db: DbExecutor,
    email: string,
    purpose: CodePurpose,
    since: Date,
  ): Promise<{ createdAt: Date; failedAttempts: number }[]> {
    return db
      .select({ createdAt: oneTimeCodes.createdAt, failedAttempts: oneTimeCodes.failedAttempts })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.email, email),
          eq(oneTimeCodes.purpose, purpose),
          gt(oneTimeCodes.createdAt, since),
          gt(oneTimeCodes.failedAttempts, 0),
        ),
      )
      .orderBy(asc(oneTimeCodes.createdAt));
  },

  async insert(
    db: DbExecutor,
    values: {
      email: string;
      purpose: CodePurpose;
      codeHash: string;
      expiresAt: Date;
      createdAt: Date;
    },
  ): Promise<OneTimeCodeRow> {
    const [row] = await db.insert(oneTimeCodes).values(values).returning();
    if (!row) throw new Error('insert into one_time_codes returned no row');
    return row;
  },

  async delete(db: DbExecutor, id: number): Promise<void> {
    await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
  },

  async recordFailure(db: DbExecutor, id: number): Promise<void> {
    await db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(eq(oneTimeCodes.id, id));
  },

  async markUsed(db: DbExecutor, id: number, at: Date): Promise<void> {
    await db.update(oneTimeCodes).set({ usedAt: at }).where(eq(oneTimeCodes.id, id));
  },
};
