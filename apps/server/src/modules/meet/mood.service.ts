import { moodSchema, type Mood } from '@meeet/core/api/meet';
import type { DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { meetRepository as repo } from './meet.repository.ts';
import type { PresenceStore } from './presence-store.ts';

/** How long the mood of a lowered hand still describes its user (for ads). */
export const LAST_MOOD_DAYS = 30;

/** Stores the mood of a hand just raised (or changed): one upsert. */
export function recordLastMood(db: DbExecutor, userId: number, mood: Mood): Promise<void> {
  return repo.saveLastMood(db, userId, mood);
}

/**
 * The user's mood for ads: that of the hand raised now, else that of the last hand they raised
 * within 30 days, else null. The caller decides whether it may be used (advertising consent).
 */
export async function currentOrLastMood(
  tx: Tx,
  presence: PresenceStore,
  userId: number,
): Promise<Mood | null> {
  const hand = await presence.get(userId);
  if (hand) return hand.mood;
  const stored = await repo.lastMood(executorOf(tx), userId, LAST_MOOD_DAYS);
  const parsed = moodSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
