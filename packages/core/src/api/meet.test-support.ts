import type { BlockList, BlockedPerson } from './meet.ts';

// Test data of the block list's contract, for the web's and the app's tests alike.

/** A blocked person as GET /meet/blocks names them. */
export function blockedPerson(
  userId: number,
  nickname: string | null,
  firstName: string | null = null,
): BlockedPerson {
  return { userId, nickname, firstName, avatar: `/api/media/avatar/${userId}/small` };
}

/** The block list's answer: the ids (for older apps) and the same people, named. */
export function blockList(...people: BlockedPerson[]): BlockList {
  return { list: people.map((p) => p.userId), people };
}
