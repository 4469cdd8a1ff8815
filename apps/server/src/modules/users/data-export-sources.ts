import type { DataExport } from '@meeet/core/api/account';
import type { DbExecutor } from '../../db/client.ts';
import { meetingsForExport } from '../meetings/meetings.personal-data.ts';
import { messagesForExport } from '../meet/meet.personal-data.ts';
import { transactionsForExport } from '../wallet/wallet.personal-data.ts';

/** What other modules hold of the user, for the archive: messages, meetings, transactions. */
export async function activityForExport(
  db: DbExecutor,
  userId: number,
): Promise<Pick<DataExport, 'messages' | 'meetings' | 'transactions'>> {
  const [messages, meetings, transactions] = await Promise.all([
    messagesForExport(db, userId),
    meetingsForExport(db, userId),
    transactionsForExport(db, userId),
  ]);
  return { messages, meetings, transactions };
}
