import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { pushTokens } from './push.schema.ts';

/** Account erasure: the user's devices stop receiving pushes. */
export async function erasePushTokens(tx: DbExecutor, userId: number): Promise<void> {
  await tx.delete(pushTokens).where(eq(pushTokens.userId, userId));
}
