import { boolean, index, integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from '../../db/columns.ts';
import { users } from './users.schema.ts';

/**
 * A requested account deletion (issue 43): signing in before `eraseAt` deletes the row (the
 * deletion is cancelled); at `eraseAt` the erase job anonymises the account and sets `erasedAt`,
 * and the row stays as the record that it happened.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  requestedAt: timestamptz('requested_at').notNull().defaultNow(),
  eraseAt: timestamptz('erase_at').notNull(),
  /** The user confirmed that a balance above dust and tokens are forfeited (terms §10). */
  forfeited: boolean().notNull().default(false),
  erasedAt: timestamptz('erased_at'),
});

export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/**
 * A data export: the job fills `archive`, mails a signed link, and the link works until
 * `expiresAt`; expired rows are removed by the next export and by the erasure.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: belongsTo(() => users.id),
    archive: jsonb(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId)],
);

export type DataExportRow = typeof dataExports.$inferSelect;
