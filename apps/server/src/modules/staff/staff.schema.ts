import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every action staff took on a user, with the reason they gave (issue 46): who, what, why and
 * when; admins read it on the user's page.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    reason: text().notNull(),
    /** The action's particulars, as strings (a role change: `from`, `to`). */
    details: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_audit_user_idx').on(t.userId, t.createdAt)],
);

export type StaffAuditRow = typeof staffAudit.$inferSelect;
export type NewStaffAuditRow = typeof staffAudit.$inferInsert;

/**
 * The levels a moderator is appointed for (spec §6: early users of the matching level). A
 * moderator's KYC and level-application queue holds only these levels; admins need no rows.
 */
export const moderatorLevels = pgTable(
  'moderator_levels',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: smallint().notNull(),
    appointedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.level] }),
    check('moderator_levels_level_check', sql`${t.level} in (0, 1, 2)`),
  ],
);
