import { eq } from 'drizzle-orm';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { media } from './media.schema.ts';
import type { MediaStorage } from './media.storage.ts';

/**
 * Account erasure: every image row of the user (profile photos, KYC) goes in `tx`; the answer
 * removes their files, to be called after the commit.
 */
export async function eraseMedia(
  tx: Tx,
  userId: number,
  storage: MediaStorage,
): Promise<() => Promise<void>> {
  const removed = await executorOf(tx)
    .delete(media)
    .where(eq(media.ownerId, userId))
    .returning({ id: media.id });
  return async () => {
    for (const row of removed) await storage.removeAll(row.id);
  };
}
