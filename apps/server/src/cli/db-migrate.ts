import { ConfigError, loadConfig } from '../config.ts';
import { createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { errorSummary, jsonLog } from '../lib/json-log.ts';

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL under the same advisory lock
 * the server's start takes, and says which in one JSON line. A deploy runs it before rolling
 * the new code out (docs/operations.md, "Migrations"); the start would migrate all the same.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: required by db:migrate (the development server migrates its embedded database at start)',
    ]);
  }
  const pool = createPool(config.databaseUrl, 1, config.databaseTimeouts);
  try {
    const { applied } = await runMigrations(pool);
    jsonLog('info', applied.length > 0 ? 'migrations applied' : 'no migration pending', {
      migrations: applied,
    });
  } finally {
    await pool.end();
  }
}

try {
  await main();
} catch (error) {
  jsonLog(
    'fatal',
    'migrations failed',
    error instanceof ConfigError ? { problems: error.problems } : { err: errorSummary(error) },
  );
  process.exitCode = 1;
}
