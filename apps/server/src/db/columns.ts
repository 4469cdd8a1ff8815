import { bigint, integer, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A point in time (`timestamp with time zone`): every table's time columns. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** An amount in a token's smallest unit: a whole number up to 2^256, never a float. */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** When the row was made (`created_at`), now unless given. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row was made and last changed (`created_at`, `updated_at`), both now unless given. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A required reference to an integer key of another table; the row goes with the row it names
 * (`on delete cascade`): `userId: belongsTo(() => users.id)`.
 */
export const belongsTo = (column: () => AnyPgColumn) =>
  integer().notNull().references(column, { onDelete: 'cascade' });

/** A row id the database counts up (`bigint generated always as identity`), read as a number. */
export const identityKey = () =>
  bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
