/**
 * Sign-in timing (issue 45 item 6): the median time of a wrong password for an address that
 * has an account, and of any password for one that has none, through the whole app on a
 * throwaway embedded PostgreSQL. The two should not tell the addresses apart.
 *
 *   npm run bench:login-timing -w @meeet/server        (BENCH_TRIES=100)
 */
import { cpus } from 'node:os';
import { buildApp } from '../src/app.ts';
import { measureLoginTiming } from '../test/login-timing.ts';
import { startBenchDatabase } from './bench-database.ts';

const TRIES = Number(process.env.BENCH_TRIES ?? 100);
const RAISED = '1000000000';

async function main(): Promise<void> {
  const bench = await startBenchDatabase();
  try {
    const config = bench.config({
      LOGIN_RATE_LIMIT_PER_IP: RAISED,
      AUTH_RATE_LIMIT_PER_IP: RAISED,
      LOG_LEVEL: 'warn',
    });
    const app = await buildApp(config, { pool: bench.pool });
    try {
      await app.ready();
      const { knownMs, unknownMs } = await measureLoginTiming(app, TRIES, 'bench');
      const gap = (Math.abs(knownMs - unknownMs) / Math.max(knownMs, unknownMs)) * 100;
      console.log(`${TRIES} tries of each, ${cpus().length} CPU(s), Node ${process.version}`);
      console.log(`known address, wrong password: median ${knownMs.toFixed(2)} ms`);
      console.log(`unknown address:               median ${unknownMs.toFixed(2)} ms`);
      console.log(`difference: ${gap.toFixed(1)} %`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.stop();
  }
}

await main();
