import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time (`timestamp with time zone`): every table's time columns. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
