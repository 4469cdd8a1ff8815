import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * Every change an admin made to a control-area setting: who, which setting, the values before
 * and after, when. (The staff audit trail is per user; a setting belongs to no user.)
 */
export const settingsAudit = pgTable('settings_audit', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  setting: text().notNull(),
  actorId: integer().references(() => users.id, { onDelete: 'set null' }),
  before: jsonb().$type<Record<string, unknown>>().notNull(),
  after: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});
