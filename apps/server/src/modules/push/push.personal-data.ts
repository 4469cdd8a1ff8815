import { eq } from 'drizzle-orm';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { pushTokens } from './push.schema.ts';

/** Account erasure: the user's devices stop receiving pushes. */
export async function erasePushTokens(tx: Tx, userId: number): Promise<void> {
  await executorOf(tx).delete(pushTokens).where(eq(pushTokens.userId, userId));
}
