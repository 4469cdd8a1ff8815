import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { belongsTo, timestamps, timestamptz } from '../../db/columns.ts';

/**
 * The push tokens of the users' phones. A token names one installation, so it belongs to one
 * account at a time: signing in as someone else on the phone moves it.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    token: text().primaryKey(),
    userId: belongsTo(() => users.id),
    platform: text().notNull(),
    ...timestamps(),
  },
  (t) => [index('push_tokens_user_id_idx').on(t.userId)],
);
export type PushTokenRow = typeof pushTokens.$inferSelect;

/** Per user, which kinds of push they want; no row means every kind is on. */
export const pushSettings = pgTable('push_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean().notNull().default(true),
  meetings: boolean().notNull().default(true),
  money: boolean().notNull().default(true),
  kyc: boolean().notNull().default(true),
  news: boolean().notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
