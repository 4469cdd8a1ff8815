import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityKey, timestamptz } from '../../db/columns.ts';

/**
 * The durable queue of side effects (mail now; postbacks and payouts later): a job is written
 * in the same transaction as the change that causes it, so a crash after the commit loses
 * nothing, and is deleted once its handler succeeded. `dead` rows stay for inspection.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: identityKey(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    /** `pending` (waiting or retrying) or `dead` (gave up after the last attempt). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
