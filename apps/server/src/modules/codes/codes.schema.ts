import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, identityKey, timestamptz } from '../../db/columns.ts';

/**
 * One-time codes sent by mail. Only an HMAC of the code is kept, so a database leak does not
 * hand out working codes.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: identityKey(),
    /** The normalised address the code was sent to. */
    email: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    failedAttempts: smallint().notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
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
