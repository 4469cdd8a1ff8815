import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time codes sent by mail. Only an HMAC of the code is kept, so a database leak does not
 * hand out working codes.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The normalised address the code was sent to. */
    email: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    failedAttempts: smallint().notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt),
    check(
      'one_time_codes_purpose_check',
      sql`${t.purpose} in ('recovery', 'email_verify', 'withdrawal')`,
    ),
  ],
);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
