import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../lib/package-root.ts';

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** Arbitrary but fixed: every process of this app takes the same lock. */
const MIGRATION_LOCK_ID = 4_653_391;

/** What a run did: the tags (`0007_jobs`) it applied, in order; empty when none was pending. */
export interface MigrationReport {
  applied: string[];
}

/** The `created_at` of each applied migration (drizzle keeps its journal's `when` there). */
async function appliedMoments(client: pg.PoolClient): Promise<Set<number>> {
  const exists = await client.query<{ table: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS table",
  );
  if (!exists.rows[0]?.table) return new Set();
  const rows = await client.query<{ created_at: string }>(
    'SELECT created_at FROM drizzle.__drizzle_migrations',
  );
  return new Set(rows.rows.map((row) => Number(row.created_at)));
}

function journal(): { when: number; tag: string }[] {
  const file = join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number; tag: string }[] })
    .entries;
}

/**
 * Applies pending migrations. Several server processes may start at once, so they queue on
 * an advisory lock and the later ones find nothing left to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<MigrationReport> {
  const client = await pool.connect();
  let resetError: Error | undefined;
  try {
    // A migration may rightly run long, and so may the wait for another process's: the pool's
    // statement timeout does not apply to this session (RESET below restores it).
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      const before = await appliedMoments(client);
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      const after = await appliedMoments(client);
      const applied = journal()
        .filter((entry) => after.has(entry.when) && !before.has(entry.when))
        .map((entry) => entry.tag);
      return { applied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.query('RESET statement_timeout').catch((error: unknown) => {
      resetError = error instanceof Error ? error : new Error(String(error));
    });
    // A session whose timeout could not be restored is closed rather than pooled.
    client.release(resetError);
  }
}
