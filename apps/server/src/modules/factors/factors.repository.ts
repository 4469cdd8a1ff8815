import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  passkeys,
  recoveryCodes,
  totpSecrets,
  webauthnChallenges,
  type PasskeyRow,
  type TotpSecretRow,
} from './factors.schema.ts';

/** All SQL of second factors; every method takes the executor it runs on. */
export const factorsRepository = {
  async totp(db: DbExecutor, userId: number): Promise<TotpSecretRow | undefined> {
    const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
    return row;
  },

  /** A fresh, not yet enabled secret (replaces a pending one; an enabled one stays). */
  async putPendingTotp(db: DbExecutor, userId: number, secret: string): Promise<boolean> {
    const rows = await db
      .insert(totpSecrets)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: totpSecrets.userId,
        set: { secret, lastStep: null, createdAt: sql`now()` },
        setWhere: eq(totpSecrets.enabled, false),
      })
      .returning({ userId: totpSecrets.userId });
    return rows.length > 0;
  },

  /**
   * Records an accepted time-step, only if it is newer than the last one: a code replayed (or
   * raced) within its window updates nothing and is refused by the caller.
   */
  async acceptStep(
    db: DbExecutor,
    userId: number,
    step: number,
    enable: boolean,
  ): Promise<boolean> {
    const rows = await db
      .update(totpSecrets)
      .set({ lastStep: step, ...(enable ? { enabled: true } : {}) })
      .where(
        and(
          eq(totpSecrets.userId, userId),
          or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: totpSecrets.userId });
    return rows.length > 0;
  },

  async deleteTotp(db: DbExecutor, userId: number): Promise<void> {
    await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  },

  async replaceRecoveryCodes(db: DbExecutor, userId: number, hashes: string[]): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (hashes.length > 0) {
      await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    }
  },

  async recoveryCodesLeft(db: DbExecutor, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  /** Spends an unused code; false when there is none with that hash (wrong or already used). */
  async spendRecoveryCode(db: DbExecutor, userId: number, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  async passkeys(db: DbExecutor, userId: number): Promise<PasskeyRow[]> {
    return db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt));
  },

  async passkey(db: DbExecutor, id: string): Promise<PasskeyRow | undefined> {
    const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
    return row;
  },

  async insertPasskey(db: DbExecutor, row: typeof passkeys.$inferInsert): Promise<void> {
    await db.insert(passkeys).values(row);
  },

  /** Moves the counter forward after a verified assertion. */
  async usedPasskey(db: DbExecutor, id: string, counter: number): Promise<void> {
    await db
      .update(passkeys)
      .set({ counter, lastUsedAt: sql`now()` })
      .where(eq(passkeys.id, id));
  },

  async deletePasskey(db: DbExecutor, userId: number, id: string): Promise<boolean> {
    const rows = await db
      .delete(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
      .returning({ id: passkeys.id });
    return rows.length > 0;
  },

  async putChallenge(
    db: DbExecutor,
    row: { challenge: string; userId: number | null; purpose: string; expiresAt: Date },
  ): Promise<void> {
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
    await db.insert(webauthnChallenges).values(row);
  },

  /** Spends a live challenge issued for this user (or for nobody) and purpose. */
  async spendChallenge(
    db: DbExecutor,
    challenge: string,
    userId: number | null,
    purpose: string,
  ): Promise<boolean> {
    const rows = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          userId === null
            ? isNull(webauthnChallenges.userId)
            : eq(webauthnChallenges.userId, userId),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return rows.length > 0;
  },
};
