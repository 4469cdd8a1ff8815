import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/global-setup.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  const root = mkdtempSync(join(tmpdir(), 'meeet-embedded-'));
  chmodSync(root, 0o755);
  const clusterDir = join(root, 'cluster');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'keeps its data across a stop and a start, and survives a stale pid file',
    { timeout: 30_000 },
    async () => {
      const port = await freePort();
      const first = await startEmbeddedPostgres({ clusterDir, port, database: 'meeet_app' });
      try {
        await query(first.url, 'CREATE TABLE kept (value text)');
        await query(first.url, "INSERT INTO kept VALUES ('still here')");
      } finally {
        await first.stop();
      }

      // A crashed run leaves postmaster.pid naming a pid that is now some other program.
      const impostor = spawn('sleep', ['30']);
      writeFileSync(join(clusterDir, 'postmaster.pid'), `${impostor.pid}\n${clusterDir}\n`);
      const second = await startEmbeddedPostgres({ clusterDir, port, database: 'meeet_app' });
      try {
        const result = await query(second.url, 'SELECT value FROM kept');
        expect(result.rows).toEqual([{ value: 'still here' }]);
      } finally {
        await second.stop();
        impostor.kill();
      }
    },
  );

  it('refuses a folder that holds something other than a cluster', async () => {
    const foreign = join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'mine');
    await expect(
      startEmbeddedPostgres({ clusterDir: foreign, port: await freePort(), database: 'x' }),
    ).rejects.toThrow(/neither empty nor a PostgreSQL cluster/);
  });
});
