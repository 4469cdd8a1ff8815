import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { devMailbox } from './mail.schema.ts';

export interface StoredMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

/** All SQL on the dev mailbox. */
export const mailRepository = {
  async insert(db: DbExecutor, mail: StoredMail): Promise<void> {
    await db.insert(devMailbox).values(mail);
  },

  async latestTo(db: DbExecutor, to: string) {
    const [row] = await db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, to))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    return row;
  },
};
