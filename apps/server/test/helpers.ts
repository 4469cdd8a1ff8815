import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createPool, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

/** A valid test configuration; `env` overrides single variables. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    DATA_DIR: join(tmpdir(), 'meeet-test-data'),
    // No built web app unless a test provides one.
    WEB_DIST_DIR: join(tmpdir(), 'meeet-test-no-web-dist'),
    ...env,
  });
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database in the run's PostgreSQL; `drop` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

export interface TestApp {
  app: App;
  db: Database;
  config: AppConfig;
  close: () => Promise<void>;
}

/**
 * The real app on its own fresh database (call once per test file, in beforeAll). Register
 * test-only routes on `app` before the first `inject`, which readies it.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'pool'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: database.url, ...env });
  const pool = createPool(database.url, config.databasePoolMax, config.databaseTimeouts);
  await runMigrations(pool);
  const app = await buildApp(config, { ...deps, pool });
  return {
    app,
    db: app.db,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
