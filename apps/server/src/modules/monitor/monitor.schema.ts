import { index, integer, pgTable, real } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

/** One row a minute per process of the figures the monitor charts (24 h and 7 days). */
export const monitorSamples = pgTable(
  'monitor_samples',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    usersTotal: integer().notNull(),
    sockets: integer().notNull(),
    requestsPerMinute: integer().notNull(),
    errorsPerMinute: integer().notNull(),
    p95Ms: real(),
    sold: integer().notNull(),
  },
  (t) => [index('monitor_samples_at_idx').on(t.at)],
);

export type MonitorSampleRow = typeof monitorSamples.$inferSelect;
