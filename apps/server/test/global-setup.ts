import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's maintenance database, for creating one database per test file. */
    pgAdminUrl: string;
  }
}

/** A port nobody listens on right now, so parallel runs and a running dev server never clash. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts one throwaway PostgreSQL for the whole test run in a fresh temp folder and removes
 * it afterwards, so runs never share state and never touch the developer's data.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'meeet-test-pg-'));
  // As root the cluster runs as the `postgres` user, who must reach into this folder.
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    clusterDir: join(root, 'cluster'),
    port: await freePort(),
    database: 'postgres',
    ephemeral: true,
  });
  project.provide('pgAdminUrl', postgres.adminUrl);

  return async () => {
    await postgres.stop();
    await rm(root, { recursive: true, force: true });
  };
}
