import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { accountDeletions, dataExports, type AccountDeletionRow } from './account.schema.ts';
import { sessions, users } from './users.schema.ts';

/** The SQL of account deletion and data export; every method takes the executor. */
export const accountRepository = {
  async pendingDeletion(db: DbExecutor, userId: number): Promise<AccountDeletionRow | undefined> {
    const [row] = await db
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)));
    return row;
  },

  /** The pending deletion, locked for the erasure's transaction. */
  async lockPendingDeletion(
    db: DbExecutor,
    userId: number,
  ): Promise<AccountDeletionRow | undefined> {
    const [row] = await db
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)))
      .for('update');
    return row;
  },

  async requestDeletion(
    db: DbExecutor,
    values: { userId: number; requestedAt: Date; eraseAt: Date; forfeited: boolean },
  ): Promise<AccountDeletionRow> {
    const [row] = await db
      .insert(accountDeletions)
      .values(values)
      .onConflictDoUpdate({
        target: accountDeletions.userId,
        set: {
          requestedAt: values.requestedAt,
          eraseAt: values.eraseAt,
          forfeited: values.forfeited,
        },
        setWhere: isNull(accountDeletions.erasedAt),
      })
      .returning();
    return row!;
  },

  /** Cancels a pending deletion; true when there was one. */
  async cancelDeletion(db: DbExecutor, userId: number): Promise<boolean> {
    const rows = await db
      .delete(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)))
      .returning({ userId: accountDeletions.userId });
    return rows.length > 0;
  },

  async markErased(db: DbExecutor, userId: number): Promise<void> {
    await db
      .update(accountDeletions)
      .set({ erasedAt: sql`now()` })
      .where(eq(accountDeletions.userId, userId));
  },

  /**
   * The account row keeps its id (ledger rows point at it) and nothing that names the person:
   * the e-mail becomes a tombstone no one can sign in with.
   */
  async anonymiseUser(db: DbExecutor, userId: number): Promise<void> {
    await db
      .update(users)
      .set({
        email: `deleted-${userId}@erased.invalid`,
        passwordHash: null,
        firstName: null,
        lastName: null,
        surName: null,
        domain: null,
        gender: null,
        bdate: null,
        phone: null,
        country: null,
        promocode: null,
        referralCode: null,
        appleSub: null,
        emailVerified: false,
        deviceLockUntil: null,
        deviceLockReason: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await db.delete(dataExports).where(eq(dataExports.userId, userId));
  },

  async insertExport(db: DbExecutor, userId: number): Promise<string> {
    const [row] = await db.insert(dataExports).values({ userId }).returning({ id: dataExports.id });
    return row!.id;
  },

  async findExport(db: DbExecutor, id: string) {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    return row;
  },

  async storeArchive(db: DbExecutor, id: string, archive: unknown, expiresAt: Date) {
    await db.update(dataExports).set({ archive, expiresAt }).where(eq(dataExports.id, id));
  },

  async removeExpiredExports(db: DbExecutor, now: Date): Promise<void> {
    await db.delete(dataExports).where(lt(dataExports.expiresAt, now));
  },
};
