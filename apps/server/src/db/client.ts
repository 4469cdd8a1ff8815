import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase;
/** What a repository method runs on: the database or an open transaction. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Connections per process (DATABASE_POOL_MAX). Under load a statement holds its connection for
 * a turn of the event loop, so a busy process needs more than pg's usual ten.
 */
export const DEFAULT_POOL_MAX = 20;

/** How long a statement waits for a connection before its caller gets 503 (see db/busy.ts). */
const CHECKOUT_TIMEOUT_MS = 5_000;

/**
 * Bounds PostgreSQL puts on every connection of the pool (0 = none): a statement running longer
 * is cancelled, and a transaction left idle longer is ended, so a stuck caller cannot hold a
 * connection (and its locks) for ever.
 */
export interface DatabaseTimeouts {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 30_000,
};

export function createPool(
  connectionString: string,
  max = DEFAULT_POOL_MAX,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): pg.Pool {
  return new pg.Pool({
    connectionString,
    max,
    // Sent with each connection's start-up, so they hold for every session of the pool.
    statement_timeout: timeouts.statementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    // Fail fast when the database is unreachable or every connection stays busy, instead of
    // hanging a request or health probe.
    connectionTimeoutMillis: CHECKOUT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
}

/** Same casing as drizzle.config.ts, so a column named in camelCase maps to snake_case in both. */
export const DATABASE_CASING = 'snake_case';

export function createDatabase(pool: pg.Pool): Database {
  return drizzle({ client: pool, casing: DATABASE_CASING });
}
