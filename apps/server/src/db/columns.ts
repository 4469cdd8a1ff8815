import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** A point in time (`timestamp with time zone`): every table's time columns. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** An amount in a token's smallest unit: a whole number up to 2^256, never a float. */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });
