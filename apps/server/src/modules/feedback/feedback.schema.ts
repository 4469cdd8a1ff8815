import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { createdAt, identityKey } from '../../db/columns.ts';

/** Messages from the support form; kept even when mailing support fails. */
export const feedback = pgTable(
  'feedback',
  {
    id: identityKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    locale: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt)],
);
