/**
 * Accounts API throughput in one process: a throwaway embedded PostgreSQL, the real app with
 * logging off and rate limits raised, and autocannon at 50 connections against the health
 * check (the ceiling: routing plus one trivial query), GET /user/me and POST /user/login.
 *
 *   npm run bench:auth -w @meeet/server            (BENCH_SECONDS=10, BENCH_CONNECTIONS=50)
 */
import { cpus } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../src/app.ts';
import { startBenchDatabase } from './bench-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'Bench-Mark-Secret-42';
const RAISED = '1000000000';

interface Row {
  name: string;
  result: Result;
}

function report(rows: Row[]): void {
  const ceiling = rows[0]?.result.requests.average ?? 1;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${cpus().length} CPU(s), Node ${process.version}\n`,
  );
  console.log('| call | req/s | p50 ms | p99 ms | non-2xx | vs ceiling |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, result } of rows) {
    const ratio = result.requests.average / ceiling;
    console.log(
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} | ${(ratio * 100).toFixed(0)}% |`,
    );
  }
}

async function main(): Promise<void> {
  const bench = await startBenchDatabase();
  const { pool } = bench;
  try {
    const config = bench.config({
      LOGIN_RATE_LIMIT_PER_IP: RAISED,
      LOGIN_FAILURES_PER_EMAIL: RAISED,
      AUTH_RATE_LIMIT_PER_IP: RAISED,
      // Every login connection may wait for a hash: the point is to measure, not to shed.
      PASSWORD_HASH_QUEUE: String(CONNECTIONS * 2),
    });
    const app = await buildApp(config, { pool });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const registered = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fp': 'bench-device' },
        body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD, acceptTerms: true }),
      });
      if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
      const { token } = (await registered.json()) as { token: string };

      const run = (
        name: string,
        options: Omit<Parameters<typeof autocannon>[0], 'connections' | 'duration'>,
      ) => {
        console.log(`running ${name} …`);
        // The load runs in a worker thread so it does not share the app's event loop.
        return autocannon({
          connections: CONNECTIONS,
          duration: SECONDS,
          workers: 1,
          ...options,
        }).then((result): Row => ({ name, result }));
      };
      const rows: Row[] = [];
      // A short warm-up so JIT and the pool's connections are ready before measuring.
      await autocannon({
        url: `${base}/api/user/me`,
        connections: 10,
        duration: 2,
        headers: { authorization: `Bearer ${token}` },
      });
      rows.push(await run('GET /api/health (ceiling)', { url: `${base}/api/health` }));
      rows.push(
        await run('GET /api/user/me', {
          url: `${base}/api/user/me`,
          headers: { authorization: `Bearer ${token}`, 'x-fp': 'bench-device' },
        }),
      );
      rows.push(
        await run('POST /api/user/login', {
          url: `${base}/api/user/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-fp': 'bench-device' },
          body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
        }),
      );
      report(rows);
      const me = rows[1]?.result;
      const ceiling = rows[0]?.result.requests.average ?? 0;
      if (me) {
        const fast = me.requests.average >= ceiling / 2 && me.latency.p99 < 20;
        console.log(
          `\n/user/me budget (≥ 50% of ceiling, p99 < 20 ms): ${fast ? 'met' : 'NOT met'}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.stop();
  }
}

await main();
