import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { createDatabase, createPool } from '../db/client.ts';
import type { EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { nftTypeName } from '@meeet/core/enums';
import { addModeratedLevels } from '../modules/kyc/moderator-levels.ts';
import {
  parseModeratorLevels,
  ROLE_VALUES,
  setUserRole,
  UserRoleError,
} from '../modules/users/user-role.ts';
import { runCommand } from './run-command.ts';

const USAGE = `Usage: npm run user:role -- <email> <${ROLE_VALUES.join('|')}> [moderated levels, e.g. silver,gold]`;

/** Whether something answers as PostgreSQL at `url` (the running server's embedded cluster). */
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Makes a user an admin, a moderator or a plain user again. Reads the same configuration as
 * the server: DATABASE_URL if set; else the embedded cluster in DATA_DIR on PG_PORT, used
 * as it is when the server is running, otherwise started just for this and stopped again.
 */
async function main(): Promise<number> {
  const [email, role, levelList, ...extra] = process.argv.slice(2);
  if (!email || !role || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!(ROLE_VALUES as readonly string[]).includes(role)) {
    throw new UserRoleError(`Unknown role "${role}". Use one of: ${ROLE_VALUES.join(', ')}.`);
  }
  const levels = parseModeratorLevels(role, levelList);
  const config = loadConfig();
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    // Development only, so the bundled command loads it only when DATABASE_URL is unset.
    const { EMBEDDED_DATABASE, embeddedPostgresUrl, startEmbeddedPostgres } =
      await import('../db/embedded-postgres.ts');
    url = embeddedPostgresUrl(config.embeddedPgPort, EMBEDDED_DATABASE);
    if (!(await reachable(url))) {
      const clusterDir = join(config.dataDir, 'postgres');
      console.log(
        `Starting the embedded PostgreSQL in ${clusterDir} on port ${config.embeddedPgPort}`,
      );
      embedded = await startEmbeddedPostgres({
        clusterDir,
        port: config.embeddedPgPort,
        database: EMBEDDED_DATABASE,
      });
    }
  }
  const pool = createPool(url);
  try {
    await runMigrations(pool);
    const db = createDatabase(pool);
    const result = await setUserRole(db, email, role);
    await addModeratedLevels(db, result.id, levels);
    if (levels.length > 0) {
      console.log(`Moderates: ${levels.map((level) => nftTypeName(level)).join(', ')}.`);
    }
    console.log(
      result.previousRole === result.role
        ? `User #${result.id} <${result.email}> already has the role "${result.role}".`
        : `User #${result.id} <${result.email}>: role "${result.previousRole}" → "${result.role}".`,
    );
    return 0;
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

await runCommand(USAGE, main, [UserRoleError]);
