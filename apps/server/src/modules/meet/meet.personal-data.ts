import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { meetLastMoods, meetMessages, meetReports } from './meet.schema.ts';

/** The user's own messages for a data export. */
export async function messagesForExport(db: DbExecutor, userId: number) {
  const rows = await db
    .select()
    .from(meetMessages)
    .where(eq(meetMessages.senderId, userId))
    .orderBy(asc(meetMessages.id));
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversationId,
    text: row.text,
    sentAt: row.createdAt.toISOString(),
  }));
}

/**
 * Account erasure: the text of the user's messages and reports goes; the rows stay so the other
 * person's conversation keeps its shape. The remembered mood goes too.
 */
export async function eraseMeetData(tx: DbExecutor, userId: number): Promise<void> {
  await tx
    .update(meetMessages)
    .set({ text: '', flags: [] })
    .where(eq(meetMessages.senderId, userId));
  await tx.update(meetReports).set({ text: null }).where(eq(meetReports.reporterId, userId));
  await tx.delete(meetLastMoods).where(eq(meetLastMoods.userId, userId));
}
