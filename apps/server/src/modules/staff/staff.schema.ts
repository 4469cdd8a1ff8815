import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * Every action staff took on a user, with the reason they gave (issue 46): who, what, why and
 * when; admins read it on the user's page.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    reason: text().notNull(),
    /** The action's particulars, as strings (a role change: `from`, `to`). */
    details: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('staff_audit_user_idx').on(t.userId, t.createdAt)],
);

export type StaffAuditRow = typeof staffAudit.$inferSelect;
export type NewStaffAuditRow = typeof staffAudit.$inferInsert;
