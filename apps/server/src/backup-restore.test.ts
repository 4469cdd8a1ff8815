import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, registerUser } from '../test/accounts.ts';
import { testConfig } from '../test/helpers.ts';
import {
  createDatabaseIn,
  findPgTools,
  startScratchCluster,
  type ScratchCluster,
} from '../test/pg-tools.ts';
import { buildApp } from './app.ts';
import { createPool } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { REPO_ROOT } from './lib/package-root.ts';
import { walletRepository } from './modules/wallet/wallet.repository.ts';

/** Runs one of deploy/'s scripts as an operator would. */
function script(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('sh', [join(REPO_ROOT, 'deploy', name), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every row of every table, in a stable order. */
async function everyRow(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const rows: Record<string, unknown[]> = {};
    for (const { name } of tables.rows) {
      rows[name] = (await client.query(`select * from "${name}" t order by t::text`)).rows;
    }
    return rows;
  } finally {
    await client.end();
  }
}

async function appOn(url: string) {
  const config = testConfig({ DATABASE_URL: url });
  const pool = createPool(url, config.databasePoolMax, config.databaseTimeouts);
  const migrations = await runMigrations(pool);
  return { app: await buildApp(config, { pool }), migrations };
}

describe('a nightly backup restored into a fresh PostgreSQL', () => {
  const bin = findPgTools();
  const work = mkdtempSync(join(tmpdir(), 'meeet-backup-'));
  // As root the clusters run as the `postgres` user, who must reach into this folder.
  chmodSync(work, 0o755);
  const clusters: ScratchCluster[] = [];
  afterAll(async () => {
    for (const cluster of clusters) await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps every user, ledger balance and session token, and the server starts on it', async () => {
    const source = await startScratchCluster(bin, join(work, 'source'));
    clusters.push(source);
    const sourceUrl = await createDatabaseIn(source, 'meeet');
    const used = await appOn(sourceUrl);
    const ann = await registerUser(used.app);
    const bob = await registerUser(used.app);
    for (const [user, amount] of [
      [ann, '5000000000000000000'],
      [bob, '123'],
    ] as const) {
      await walletRepository.ensureWallet(
        used.app.db,
        user.user.id,
        `0x${'ab'.repeat(19)}${user.user.id}0`,
      );
      await walletRepository.insert(used.app.db, {
        userId: user.user.id,
        type: 'INPUT',
        status: 'CONFIRMED',
        symbol: 'USDT',
        amount,
        hash: `0x${String(user.user.id).padStart(64, '0')}`,
        logIndex: 0,
      });
    }
    await used.app.close();
    const before = await everyRow(sourceUrl);
    expect(before.users).toHaveLength(2);
    expect(before.chain_transactions).toHaveLength(2);

    const backupDir = join(work, 'backups');
    const backup = await script('backup.sh', [], {
      DATABASE_URL: sourceUrl,
      BACKUP_DIR: backupDir,
      PG_BIN: bin,
    });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [archive, ...others] = readdirSync(backupDir);
    expect(others).toEqual([]);
    expect(archive).toMatch(/^meeet-\d{8}T\d{6}Z\.dump$/);

    // A fresh cluster, as after losing the machine: restore, then start the server on it.
    const target = await startScratchCluster(bin, join(work, 'target'));
    clusters.push(target);
    const targetUrl = await createDatabaseIn(target, 'meeet');
    const restore = await script('restore.sh', [join(backupDir, archive!)], {
      DATABASE_URL: targetUrl,
      PG_BIN: bin,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await everyRow(targetUrl)).toEqual(before);

    const restored = await appOn(targetUrl);
    try {
      expect(restored.migrations.applied).toEqual([]);
      // A session token issued before the backup still signs its user in.
      const me = await restored.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: bearer(ann.token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: ann.user.id, email: ann.user.email });
      const login = await restored.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-fp': 'fp-test-device' },
        payload: { email: bob.user.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await restored.app.close();
    }
  }, 120_000);
});
