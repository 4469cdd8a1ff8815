import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails "sent" when no SMTP server is configured (PRODUCT.md: the dev mailbox). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt)],
);
