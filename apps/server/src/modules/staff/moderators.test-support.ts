import { NFT_TYPES, type NftType } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import { moderatorLevels } from '../kyc/moderators.schema.ts';

/** Tests: makes an existing moderator moderate `levels` (all by default), as an admin would. */
export async function moderateLevels(
  db: DbExecutor,
  userId: number,
  levels: readonly NftType[] = NFT_TYPES,
): Promise<void> {
  await db
    .insert(moderatorLevels)
    .values(levels.map((level) => ({ userId, level })))
    .onConflictDoNothing();
}
