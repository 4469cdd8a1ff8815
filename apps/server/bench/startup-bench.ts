// Start-up time and memory of the server as production runs it (`node dist/server.js`) next to
// the development runner (`tsx src/server.ts`), both on a real PostgreSQL and chain so only
// the server itself is measured: spawn → first 200 from /api/health/ready (database and chain
// probed, workers ticking), then the resident set size after start-up and after 200 requests.
//   npm run build -w @meeet/server && npm run bench:startup -w @meeet/server [-- runs=5]
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { english, generateMnemonic } from 'viem/accounts';
import { startAnvil } from '@meeet/contracts/anvil';
import { createDatabase, createPool } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { deployOnAnvil } from '../test/chain.ts';
import { freePort } from '../test/global-setup.ts';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const runs = Number(process.argv.find((a) => a.startsWith('runs='))?.slice(5) ?? 5);

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** CPU time (user + system) the process has used: less skewed by a busy machine than wall time. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitReady(port: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('server exited');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const root = await mkdtemp(join(tmpdir(), 'meeet-startup-bench-'));
await chmod(root, 0o755);
const postgres = await startEmbeddedPostgres({
  clusterDir: join(root, 'pg'),
  port: await freePort(),
  database: 'bench',
  ephemeral: true,
});
const anvil = await startAnvil({ port: 0 });
const pool = createPool(postgres.url);
const mnemonic = generateMnemonic(english);
try {
  await runMigrations(pool);
  const chain = await deployOnAnvil(anvil, {
    db: createDatabase(pool),
    mnemonic,
    log: Fastify({ logger: false }).log,
  });
  const variants = [
    { name: 'node dist/server.js (bundle)', command: process.execPath, args: ['dist/server.js'] },
    {
      name: 'tsx src/server.ts (development runner)',
      command: join(SERVER_DIR, '../../node_modules/.bin/tsx'),
      args: ['src/server.ts'],
    },
  ];
  const rows: string[] = [];
  for (const variant of variants) {
    const times: number[] = [];
    const rss: number[] = [];
    const rssAfter: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < runs; run++) {
      const port = await freePort();
      const started = performance.now();
      const child = spawn(variant.command, variant.args, {
        cwd: SERVER_DIR,
        stdio: 'ignore',
        env: {
          PATH: process.env.PATH ?? '',
          APP_ENV: 'production',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          DATA_DIR: root,
          DATABASE_URL: postgres.url,
          CHAIN_RPC_URL: anvil.rpcUrl,
          CHAIN_ID: String(anvil.chainId),
          USDT_ADDRESS: chain.contracts.usdt,
          TOKEN_ADDRESS: chain.contracts.token!,
          MARKET_ADDRESS: chain.contracts.market!,
          CHAIN_CONFIRMATIONS: '1',
          WALLET_MNEMONIC: mnemonic,
          JWT_SECRET: 'startup-bench-secret-long-enough-for-hs256',
          SMTP_URL: 'smtp://127.0.0.1:1',
        },
      });
      let exited = false;
      const done = new Promise((resolve) => child.on('exit', resolve));
      void done.then(() => (exited = true));
      await waitReady(port, () => exited);
      times.push(performance.now() - started);
      // tsx runs the server in a child node process; measure the one that listens.
      const pid = variant.command === process.execPath ? child.pid! : await listenerPid(port);
      rss.push(await rssMb(pid));
      cpu.push(await cpuMs(pid));
      for (let i = 0; i < 200; i++) await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      rssAfter.push(await rssMb(pid));
      child.kill('SIGTERM');
      await done;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    rows.push(
      `| ${variant.name} | ${Math.round(median(times))} ms | ${median(cpu)} ms | ${median(rss)} MB | ${median(rssAfter)} MB |`,
    );
  }
  console.log(
    `| server | spawn → ready (median of ${runs}) | CPU used until ready | RSS when ready | RSS after 200 ready checks |`,
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await pool.end();
  await anvil.stop();
  await postgres.stop();
  await rm(root, { recursive: true, force: true });
}

async function listenerPid(port: number): Promise<number> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no listener on ${port}`);
  return Number(pid);
}
