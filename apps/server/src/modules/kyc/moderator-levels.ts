import { and, asc, eq, inArray } from 'drizzle-orm';
import { isNftType, type NftType } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import { moderatorLevels } from './moderators.schema.ts';

/** All SQL of the moderators' levels (spec §6); the KYC queue reads it through `moderatedLevels`. */
export const moderatorLevelsRepository = {
  async add(tx: Tx, userId: number, level: NftType, appointedBy: number | null): Promise<boolean> {
    const rows = await executorOf(tx)
      .insert(moderatorLevels)
      .values({ userId, level, appointedBy })
      .onConflictDoNothing()
      .returning({ userId: moderatorLevels.userId });
    return rows.length > 0;
  },

  async remove(tx: Tx, userId: number, level: NftType): Promise<boolean> {
    const rows = await executorOf(tx)
      .delete(moderatorLevels)
      .where(and(eq(moderatorLevels.userId, userId), eq(moderatorLevels.level, level)))
      .returning({ userId: moderatorLevels.userId });
    return rows.length > 0;
  },

  async of(tx: Tx, userIds: readonly number[]): Promise<Map<number, NftType[]>> {
    const byUser = new Map<number, NftType[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executorOf(tx)
      .select({ userId: moderatorLevels.userId, level: moderatorLevels.level })
      .from(moderatorLevels)
      .where(inArray(moderatorLevels.userId, [...userIds]))
      .orderBy(asc(moderatorLevels.level));
    for (const row of rows) {
      if (!isNftType(row.level)) continue;
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.level]);
    }
    return byUser;
  },
};

/** The levels a moderator is appointed for, lowest first (none for a moderator never appointed). */
export async function moderatedLevels(db: DbExecutor, userId: number): Promise<NftType[]> {
  return (await moderatorLevelsRepository.of(txOf(db), [userId])).get(userId) ?? [];
}

/** The operator's command: the moderator moderates `levels` too (no appointing admin). */
export async function addModeratedLevels(
  db: DbExecutor,
  userId: number,
  levels: readonly NftType[],
): Promise<void> {
  for (const level of levels) await moderatorLevelsRepository.add(txOf(db), userId, level, null);
}
