import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * What happened to an account's safety (issue 45): sign-ins from new devices, sessions ended,
 * factors and withdrawal addresses changed. Admins read it on the user's page.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A `SecurityEventKind` of packages/core. */
    kind: text().notNull(),
    detail: jsonb().$type<Record<string, string>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type NewSecurityEventRow = typeof securityEvents.$inferInsert;

/** The phrase a user chose to be shown in every mail MEEET sends them (issue 45). */
export const antiPhishingPhrases = pgTable('anti_phishing_phrases', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phrase: text().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The "This wasn't me" links of new-device mails: the signed token names a row, and the row
 * makes the link work once.
 */
export const notMeLinks = pgTable(
  'not_me_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('not_me_links_user_idx').on(t.userId)],
);
