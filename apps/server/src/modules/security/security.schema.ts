import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
