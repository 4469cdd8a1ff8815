import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * The push tokens of the users' phones. A token names one installation, so it belongs to one
 * account at a time: signing in as someone else on the phone moves it.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    token: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
