import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WithdrawalHoldReason } from '@meeet/core/api/custody';
import { belongsTo, createdAt, timestamptz } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

/**
 * A user's saved withdrawal address (issue 45). It may receive funds from `usableFrom` on (the
 * hold set when it was saved); removing it deletes the row at once.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    /** EIP-55 checksummed; unique per user in lower case. */
    address: text().notNull(),
    label: text().notNull(),
    usableFrom: timestamptz('usable_from').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_user_address_key').on(t.userId, sql`lower(${t.address})`),
  ],
);

export type WithdrawalAddressRow = typeof withdrawalAddresses.$inferSelect;

/** A pause of a user's withdrawals after a risky change; in force while `until` is ahead. */
export const withdrawalHolds = pgTable(
  'withdrawal_holds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    reason: text().$type<WithdrawalHoldReason>().notNull(),
    until: timestamptz('until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_holds_user_idx').on(t.userId, t.until)],
);

export type WithdrawalHoldRow = typeof withdrawalHolds.$inferSelect;

/** The "only to saved addresses" switch; no row means off. */
export const withdrawalSettings = pgTable('withdrawal_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  onlySaved: boolean().notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
