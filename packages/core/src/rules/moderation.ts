import { NftType } from '../enums.ts';

/**
 * Which moderators may decide which applications (spec §6: moderators are early users of the
 * matching level). Admins are not limited; these rules are for moderators.
 */

/**
 * The level an application is for: the level a verified user asked for, or Silver for a first
 * verification (the entry level; the moderator then sets the highest level it allows).
 */
export function applicationLevel(requestedNftType: NftType | null): NftType {
  return requestedNftType ?? NftType.SILVER;
}

/**
 * Whether a moderator appointed for `levels` may decide an application for `level`, granting
 * at most `granted` (null for a decision that grants no level). A moderator never grants a
 * level above the highest they moderate.
 */
export function mayModerate(
  levels: readonly NftType[],
  level: NftType,
  granted: NftType | null,
): boolean {
  if (!levels.includes(level)) return false;
  return granted === null || levels.some((own) => own >= granted);
}
