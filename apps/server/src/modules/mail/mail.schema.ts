import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityKey } from '../../db/columns.ts';

/** Mails "sent" when no SMTP server is configured (PRODUCT.md: the dev mailbox). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: identityKey(),
    to: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt)],
);
