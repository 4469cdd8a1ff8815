import { and, count, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  attestChallenges,
  deviceKeyAccounts,
  deviceKeys,
  type DeviceKeyRow,
} from './devices.schema.ts';

/** The advisory-lock namespace of an account's device keys (any fixed number). */
const LOCK_NAMESPACE = 39_001;

/** All SQL of attested keys, their accounts and the attestation challenges. */
export const devicesRepository = {
  /** Stores a challenge, dropping the expired ones on the way. */
  async insertChallenge(
    db: DbExecutor,
    row: { challenge: string; userId: number; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await db.delete(attestChallenges).where(lt(attestChallenges.expiresAt, now));
    await db.insert(attestChallenges).values(row);
  },

  /** Spends the user's challenge: its expiry, or undefined when it is not theirs or was used. */
  async takeChallenge(
    db: DbExecutor,
    challenge: string,
    userId: number,
  ): Promise<Date | undefined> {
    const [row] = await db
      .delete(attestChallenges)
      .where(and(eq(attestChallenges.challenge, challenge), eq(attestChallenges.userId, userId)))
      .returning({ expiresAt: attestChallenges.expiresAt });
    return row?.expiresAt;
  },

  /** Stores a newly attested key; false when the key id is known already. */
  async insertKey(
    db: DbExecutor,
    row: Pick<DeviceKeyRow, 'keyId' | 'publicKeyPem' | 'environment'>,
  ): Promise<boolean> {
    const inserted = await db
      .insert(deviceKeys)
      .values(row)
      .onConflictDoNothing()
      .returning({ keyId: deviceKeys.keyId });
    return inserted.length > 0;
  },

  async findKey(db: DbExecutor, keyId: string): Promise<DeviceKeyRow | undefined> {
    const [row] = await db.select().from(deviceKeys).where(eq(deviceKeys.keyId, keyId));
    return row;
  },

  /** The key, when this account uses it. */
  async findKeyOf(
    db: DbExecutor,
    keyId: string,
    userId: number,
  ): Promise<DeviceKeyRow | undefined> {
    const [row] = await db
      .select({ key: deviceKeys })
      .from(deviceKeys)
      .innerJoin(deviceKeyAccounts, eq(deviceKeyAccounts.keyId, deviceKeys.keyId))
      .where(and(eq(deviceKeys.keyId, keyId), eq(deviceKeyAccounts.userId, userId)));
    return row?.key;
  },

  /** Serialises the key changes of one account until the transaction ends. */
  async lockAccount(db: DbExecutor, userId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${userId})`);
  },

  /** Links the key to the account; false when it already was. */
  async link(db: DbExecutor, keyId: string, userId: number): Promise<boolean> {
    const inserted = await db
      .insert(deviceKeyAccounts)
      .values({ keyId, userId })
      .onConflictDoNothing()
      .returning({ keyId: deviceKeyAccounts.keyId });
    return inserted.length > 0;
  },

  /** How many other keys the account uses. */
  async otherKeys(db: DbExecutor, userId: number, keyId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(deviceKeyAccounts)
      .where(and(eq(deviceKeyAccounts.userId, userId), ne(deviceKeyAccounts.keyId, keyId)));
    return row?.n ?? 0;
  },

  /**
   * Takes an assertion's counter when it is above the stored one, in one statement so two calls
   * with the same counter cannot both pass; false when it is not (a replay).
   */
  async advanceCounter(db: DbExecutor, keyId: string, signCount: number): Promise<boolean> {
    const updated = await db
      .update(deviceKeys)
      .set({ signCount })
      .where(and(eq(deviceKeys.keyId, keyId), sql`${deviceKeys.signCount} < ${signCount}`))
      .returning({ keyId: deviceKeys.keyId });
    return updated.length > 0;
  },
};
