import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * What happened to an account's safety (issue 45): sign-ins from new devices, sessions ended,
 * factors and withdrawal addresses changed. Admins read it on the user's page.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    /** A `SecurityEventKind` of packages/core. */
    kind: text().notNull(),
    detail: jsonb().$type<Record<string, string>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
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
    userId: belongsTo(() => users.id),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('not_me_links_user_idx').on(t.userId)],
);
