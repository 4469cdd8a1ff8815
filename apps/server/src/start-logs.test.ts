import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers.ts';
import { MIGRATIONS_FOLDER } from './db/migrate.ts';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** Runs a source entry point as its own process, with only the given environment. */
function run(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return new Promise<{ code: number | null; lines: string[]; stderr: string }>(
    (resolve, reject) => {
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        resolve({ code, lines: stdout.split('\n').filter((l) => l !== ''), stderr }),
      );
    },
  );
}

/** Every line parsed as JSON: one that is not fails the test. */
const parsed = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('start-up and migration logs', () => {
  const work = mkdtempSync(join(tmpdir(), 'meeet-start-logs-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const base = {
    NODE_ENV: 'production',
    DATA_DIR: work,
    WEB_DIST_DIR: join(work, 'no-web-dist'),
    JWT_SECRET: 'start-logs-test-secret-long-enough-for-hs256',
  };

  it('names every configuration problem in one JSON line and exits non-zero', async () => {
    const result = await run('src/server.ts', {
      ...base,
      PORT: 'eighty',
      TRUST_PROXY: 'maybe',
      CHAIN_RPC_URL: 'http://node.example',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const [line, ...more] = parsed(result.lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 60, msg: 'invalid configuration' });
    const names = (line!.problems as string[]).map((p) => p.split(':')[0]).sort();
    expect(names).toEqual(
      ['PORT', 'TRUST_PROXY', 'CHAIN_ID', 'USDT_ADDRESS', 'TOKEN_ADDRESS', 'MARKET_ADDRESS'].sort(),
    );
  }, 60_000);

  it('reports a start-up failure as JSON lines without a stack, and exits non-zero', async () => {
    const result = await run('src/server.ts', {
      ...base,
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:1/nothing',
    });
    expect(result.code).toBe(1);
    const lines = parsed(result.lines);
    expect(lines.at(-1)).toMatchObject({
      level: 60,
      msg: 'server failed to start',
      err: { code: 'ECONNREFUSED' },
    });
    expect(`${result.lines.join('\n')}${result.stderr}`).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('db:migrate applies the pending migrations, says which, and then finds none', async () => {
    const database = await createTestDatabase();
    try {
      const env = { ...base, DATABASE_URL: database.url };
      const first = await run('src/cli/db-migrate.ts', env);
      expect(first.code).toBe(0);
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      expect(parsed(first.lines)).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'migrations applied',
          migrations: journal.entries.map((entry) => entry.tag),
        }),
      ]);
      const second = await run('src/cli/db-migrate.ts', env);
      expect(second.code).toBe(0);
      expect(parsed(second.lines)).toEqual([
        expect.objectContaining({ msg: 'no migration pending', migrations: [] }),
      ]);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
