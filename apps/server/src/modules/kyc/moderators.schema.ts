import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * The levels a moderator is appointed for (spec §6: early users of the matching level). A
 * moderator's KYC and level-application queue holds only these levels; admins need no rows.
 */
export const moderatorLevels = pgTable(
  'moderator_levels',
  {
    userId: belongsTo(() => users.id),
    level: smallint().notNull(),
    appointedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.level] }),
    check('moderator_levels_level_check', sql`${t.level} in (0, 1, 2)`),
  ],
);
