import type { AppConfig } from '../config.ts';
import { ConfigError } from '../config.ts';

/** A command called the wrong way: its message and the usage line are printed, exit 1. */
export class UsageError extends Error {}

/**
 * Runs a command's `main` as the process: its result is the exit code. A usage or config
 * error (or one of `usageErrors`, the command's own) prints its message and `usage`; anything
 * else prints in full. Either way the exit code is 1.
 */
export async function runCommand(
  usage: string,
  main: () => Promise<number>,
  usageErrors: readonly (abstract new (...args: never[]) => Error)[] = [],
): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if ([UsageError, ConfigError, ...usageErrors].some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      console.error(usage);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}

/**
 * DATABASE_URL, or the RUNNING dev server's embedded database (imported only then: the
 * commands also run bundled in production, without the embedded PostgreSQL).
 */
export async function commandDatabaseUrl(config: AppConfig): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  const { EMBEDDED_DATABASE, embeddedPostgresUrl } = await import('../db/embedded-postgres.ts');
  return embeddedPostgresUrl(config.embeddedPgPort, EMBEDDED_DATABASE);
}
