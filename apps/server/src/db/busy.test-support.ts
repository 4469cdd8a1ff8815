import { createPool } from './client.ts';

/**
 * A pool whose only connection stays checked out, as under overload: a statement on it waits
 * `checkoutTimeoutMs` for a connection, then fails. The held connection is opened under the
 * ordinary timeout first, so a slow machine's connect does not fail in the statement's place.
 */
export async function busyPool(url: string, checkoutTimeoutMs = 50) {
  const pool = createPool(url, 1);
  const held = await pool.connect();
  pool.options.connectionTimeoutMillis = checkoutTimeoutMs;
  return {
    pool,
    async end(): Promise<void> {
      held.release();
      await pool.end();
    },
  };
}
