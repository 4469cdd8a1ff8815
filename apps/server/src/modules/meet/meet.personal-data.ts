import { asc, eq } from 'drizzle-orm';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { meetLastMoods, meetMessages, meetReports } from './meet.schema.ts';

/** The user's own messages for a data export. */
export async function messagesForExport(tx: Tx, userId: number) {
  const rows = await executorOf(tx)
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
export async function eraseMeetData(tx: Tx, userId: number): Promise<void> {
  const db = executorOf(tx);
  await db
    .update(meetMessages)
    .set({ text: '', flags: [] })
    .where(eq(meetMessages.senderId, userId));
  await db.update(meetReports).set({ text: null }).where(eq(meetReports.reporterId, userId));
  await db.delete(meetLastMoods).where(eq(meetLastMoods.userId, userId));
}
