import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * The admins' review rules of campaigns (issue 44 item 5): one row (id 1); none means the
 * defaults of `DEFAULT_REVIEW_RULES` in core.
 */
export const reviewRules = pgTable(
  'review_rules',
  {
    id: smallint().primaryKey().default(1),
    maxAreaRadiusKm: integer().notNull(),
    minDailyCap: integer().notNull(),
    maxDailyCap: integer().notNull(),
    /** Trimmed, lower-cased, distinct. */
    blockedWords: text().array().notNull(),
    reviewWithinHours: integer().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('review_rules_single_row', sql`${t.id} = 1`),
    check('review_rules_caps_in_order', sql`${t.minDailyCap} between 1 and ${t.maxDailyCap}`),
    check('review_rules_radius_positive', sql`${t.maxAreaRadiusKm} > 0`),
    check('review_rules_hours_positive', sql`${t.reviewWithinHours} > 0`),
  ],
);
