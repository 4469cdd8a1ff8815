import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Facts about this installation that are not any domain's (first start, seeded data versions).
 * Also the first table, so the migration pipeline is exercised from day one.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
