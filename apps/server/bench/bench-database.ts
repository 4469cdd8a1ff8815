import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { IntervalHistogram } from 'node:perf_hooks';
import { join } from 'node:path';
import type pg from 'pg';
import { loadConfig, type AppConfig, type MeetingsConfig } from '../src/config.ts';
import { createPool } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { freePort } from '../test/global-setup.ts';

export { freePort };

export interface BenchDatabase {
  /** The run's own temp folder (DATA_DIR of the app under test). */
  root: string;
  url: string;
  pool: pg.Pool;
  /** The app's configuration on this database, with `env` on top. */
  config(env?: Record<string, string>): AppConfig;
  /** The PostgreSQL server's processes now: the postmaster and its children. */
  postgresPids(): Promise<number[]>;
  /** Ends the pool, stops PostgreSQL and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Keeps a process (all its threads, and the children it forks from now on) to one CPU.
 * Benchmarks put what the server under test shares the machine with on the last CPU: on this
 * 2-vCPU machine a PostgreSQL backend woken by a query otherwise preempts the server on its own
 * CPU, and the server's profile showed that time inside its write of the query (~0.3 ms per
 * statement, 7% of its samples at 250 statements a second).
 */
export function pinToCpu(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/**
 * Keeps this process's JavaScript thread to the CPUs before `cpu` and its other threads (V8's
 * collector and compiler workers, libuv's pool) to `cpu`, with what the server shares the
 * machine with. Left to the scheduler, V8's four workers woke on the CPU of the thread that
 * posts their work: at 5,000 phones they took 0.16 of that CPU and preempted the server's
 * loop 88 times a second, while a server alone on its machine has them on the other cores.
 * Threads started later (libuv's pool starts on first use) take the main thread's CPUs, so
 * call it again once the run is under way.
 */
export function pinThreadsApart(cpu: number): void {
  const main = process.pid;
  const others = Array.from({ length: cpu }, (_, n) => n).join(',');
  for (const tid of readdirSync(`/proc/${main}/task`).map(Number)) {
    const cpus = tid === main ? others : String(cpu);
    execFileSync('taskset', ['-p', '-c', cpus, String(tid)], { stdio: 'ignore' });
  }
}

/**
 * A throwaway, migrated embedded PostgreSQL in a fresh temp folder: what every benchmark
 * starts from, so its figures never touch a developer's data.
 */
export async function startBenchDatabase(): Promise<BenchDatabase> {
  const root = await mkdtemp(join(tmpdir(), 'meeet-bench-'));
  // As root the cluster runs as the `postgres` user, who must reach into this folder.
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    clusterDir: join(root, 'cluster'),
    port: await freePort(),
    database: 'meeet_bench',
    ephemeral: true,
  });
  const pool = createPool(postgres.url);
  await runMigrations(pool);
  return {
    root,
    url: postgres.url,
    pool,
    config: (env = {}) =>
      loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: postgres.url,
        JWT_SECRET: 'benchmark-secret-that-is-long-enough-for-hs256',
        DATA_DIR: root,
        WEB_DIST_DIR: join(root, 'no-web'),
        ...env,
      }),
    postgresPids: async () => {
      const pidFile = join(root, 'cluster', 'postmaster.pid');
      const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
        encoding: 'utf8',
      });
      return [postmaster, ...children.split('\n').filter(Boolean).map(Number)];
    },
    stop: async () => {
      await pool.end().catch(() => undefined);
      await postgres.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The value below which `p` percent of `values` fall (nearest rank); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** How often the benchmarks' loop-delay histograms fire (ms); see `lagMs`. */
export const LAG_RESOLUTION_MS = 10;

/**
 * How late the loop's timer fired, in ms, at percentile `p`. Node's histogram records the whole
 * time between two firings, the interval included (an idle loop reads 10 ms), so the interval is
 * taken off, as Elastic's Node.js agent does with the same histogram (see docs/decisions.md).
 */
export function lagMs(histogram: IntervalHistogram, p: number): number {
  return Math.max(0, histogram.percentile(p) / 1e6 - LAG_RESOLUTION_MS);
}

/** This process's read and write system calls so far (Linux; zeros elsewhere). */
export async function systemCalls(): Promise<{ reads: number; writes: number }> {
  const io = await readFile('/proc/self/io', 'utf8').catch(() => '');
  return {
    reads: Number(/^syscr: (\d+)$/m.exec(io)?.[1] ?? 0),
    writes: Number(/^syscw: (\d+)$/m.exec(io)?.[1] ?? 0),
  };
}

/** The meeting rules as the product ships them (no environment), for benchmarks of the detector. */
export function defaultMeetingsConfig(): MeetingsConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'benchmark-secret-that-is-long-enough-for-hs256',
  }).meetings;
}
