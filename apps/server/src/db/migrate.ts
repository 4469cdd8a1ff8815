import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../lib/package-root.ts';

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** Arbitrary but fixed: every process of this app takes the same lock. */
const MIGRATION_LOCK_ID = 4_653_391;

/**
 * Applies pending migrations. Several server processes may start at once, so they queue on
 * an advisory lock and the later ones find nothing left to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
