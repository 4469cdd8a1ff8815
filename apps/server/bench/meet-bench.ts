/**
 * The meet service under the app's load: simulated phones doing what apps/mobile does (see
 * meet/pace.ts) against one or two real server processes on a throwaway embedded PostgreSQL
 * (and a real redis-server between two). Prints, per run: sustained clients, the servers' loop
 * lag p99, position-to-map update p95, chat delivery p95, server memory and CPU, with the
 * machine-speed probe beside it (this machine's speed swings by half).
 *
 *   npm run bench:meet -w @meeet/server
 *     BENCH_CLIENTS=5000,10000,20000  BENCH_PROCESSES=1,2  BENCH_PACE=app|stress
 *     BENCH_SECONDS=30  BENCH_WARMUP_SECONDS=15
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { txOf } from '../src/plugins/db.ts';
import { users, type UserRow } from '../src/modules/users/users.schema.ts';
import { startRedis, type TestRedis } from '../test/redis.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';
import { machineProbeMs, machineProbeSliceMs } from './machine-probe.ts';
import { APP_PACE, PHONES_PER_CITY, STRESS_PACE } from './meet/pace.ts';
import { runPhones, type PhonesInput, type PhonesResult } from './meet/phones.ts';
import { runServer, type ServerFigures } from './meet/server-process.ts';

const LEVELS = (process.env.BENCH_CLIENTS ?? '5000,10000,20000').split(',').map(Number);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const PACE = process.env.BENCH_PACE === 'stress' ? STRESS_PACE : APP_PACE;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Long enough for every phone to have sent a position or two at the app's pace. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
/**
 * The phones run at a lower priority (BENCH_CLIENT_NICE) than the servers: in production they
 * are elsewhere. The chatting quarter, whose deliveries are measured, keeps normal priority: a
 * real phone reads a message when it comes, not after a simulator's turn on a shared CPU.
 */
const CLIENT_NICE = Number(process.env.BENCH_CLIENT_NICE ?? 10);
/** The server processes' heap limit (MB): 20,000 phones need more than `npm start`'s 384. */
const SERVER_HEAP_MB = Number(process.env.BENCH_SERVER_HEAP_MB ?? 1536);

const role = process.argv[2];
if (role === 'phones') {
  process.once('message', (input: PhonesInput) => {
    runPhones(input).then(
      (result) => process.send?.({ type: 'result', result }, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
} else if (role === 'server') {
  process.once('message', (env: Record<string, string>) => {
    runServer(env).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
} else {
  await main();
}

interface Run {
  processes: number;
  clients: number;
  phones: PhonesResult;
  servers: ServerFigures[];
  probeBefore: number;
  probeSliceP50: number;
}

function child(roleName: string, execArgv: string[] = []): ChildProcess {
  return fork(fileURLToPath(import.meta.url), [roleName], {
    execArgv: [...process.execArgv.filter((a) => !a.startsWith('--max-old')), ...execArgv],
  });
}

function next<T>(process: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (message: { type: string } & Record<string, unknown>) => {
      if (message.type !== type) return;
      process.off('message', listener);
      resolve(message as T);
    };
    process.on('message', listener);
    process.once('exit', (code) =>
      reject(new Error(`${process.spawnargs[2]} exited with ${code}`)),
    );
  });
}

function merged(results: PhonesResult[]): PhonesResult {
  const sum = (pick: (r: PhonesResult) => number) => results.reduce((a, r) => a + pick(r), 0);
  const counts = (pick: (r: PhonesResult) => Record<string, number>) => {
    const all: Record<string, number> = {};
    for (const r of results)
      for (const [key, n] of Object.entries(pick(r))) all[key] = (all[key] ?? 0) + n;
    return all;
  };
  return {
    connected: sum((r) => r.connected),
    sustained: sum((r) => r.sustained),
    positionsOk: sum((r) => r.positionsOk),
    positionRefusals: counts((r) => r.positionRefusals),
    reconnects: sum((r) => r.reconnects),
    reconnectsFailed: sum((r) => r.reconnectsFailed),
    handsRaised: sum((r) => r.handsRaised),
    mapLatencies: results.flatMap((r) => r.mapLatencies),
    chatLatencies: results.flatMap((r) => r.chatLatencies),
    chatFailed: sum((r) => r.chatFailed),
    chatRefusals: counts((r) => r.chatRefusals),
    clientLagP99: Math.max(...results.map((r) => r.clientLagP99)),
    clientCpu: sum((r) => r.clientCpu),
  };
}

async function main(): Promise<void> {
  const bench = await startBenchDatabase();
  const redis: TestRedis | undefined = PROCESSES.some((p) => p > 1)
    ? await startRedis()
    : undefined;
  const runs: Run[] = [];
  try {
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: bench.url,
      JWT_SECRET: 'benchmark-secret-that-is-long-enough-for-hs256',
      DATA_DIR: bench.root,
      WEB_DIST_DIR: `${bench.root}/no-web`,
      MEET_CHAT_PER_MINUTE: '1000',
      MEET_NEW_CONVERSATIONS_PER_HOUR: '1000',
    };
    const tokens = await makeUsers(bench.config(), Math.max(...LEVELS), bench.pool);
    for (const processes of PROCESSES) {
      for (const clients of LEVELS) {
        console.log(
          `running ${clients} phones on ${processes} process(es) at the ${PACE.name} pace …`,
        );
        if (redis) await flush(redis.url);
        const serverEnv = processes > 1 && redis ? { ...env, REDIS_URL: redis.url } : env;
        runs.push(await runOnce(processes, clients, tokens, serverEnv));
        print(runs.at(-1)!);
      }
    }
  } finally {
    await redis?.stop();
    await bench.stop();
  }
  console.log(
    `\n${PACE.name} pace; ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up; ${cpus().length} CPUs, Node ${process.version}; phones at nice ${CLIENT_NICE} (the chatting quarter at 0)\n`,
  );
  console.log(
    '| processes | clients | sustained | loop lag p99 ms | map p95 ms | chat p95 ms | positions/s | RSS MB | RSS KB/client | added KB/client | CPU | CPU per 1,000 | probe ms (slice p50) |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const run of runs) console.log(row(run));
}

/** Users with complete profiles and a session each, made once for every run. */
async function makeUsers(
  config: ReturnType<Awaited<ReturnType<typeof startBenchDatabase>>['config']>,
  count: number,
  pool: Awaited<ReturnType<typeof startBenchDatabase>>['pool'],
): Promise<{ id: number; token: string }[]> {
  console.log(`making ${count} users with sessions …`);
  const app = await buildApp(config, { pool });
  try {
    await app.db.execute(sql`insert into users
      (email, first_name, last_name, domain, gender, bdate, email_verified)
      select 'bench' || g || '@example.com', 'Bench', 'User', 'bench' || g, g % 2,
        '1990-01-01T00:00:00Z', true from generate_series(1, ${count}) g`);
    const all: UserRow[] = await app.db.select().from(users).orderBy(users.id);
    const tokens: { id: number; token: string }[] = [];
    for (let i = 0; i < all.length; i += 50) {
      const batch = all.slice(i, i + 50).map(async (user) => {
        const session = { fingerprint: null, userAgent: 'bench', ip: null };
        const { token } = await app.sessions.start(txOf(app.db), user, session);
        return { id: user.id, token };
      });
      tokens.push(...(await Promise.all(batch)));
    }
    return tokens;
  } finally {
    await app.close();
  }
}

async function flush(url: string): Promise<void> {
  const client = new Redis(url);
  await client.flushall();
  client.disconnect();
}

async function runOnce(
  processes: number,
  clients: number,
  tokens: { id: number; token: string }[],
  env: Record<string, string>,
): Promise<Run> {
  const servers = Array.from({ length: processes }, () =>
    child('server', ['--expose-gc', `--max-old-space-size=${SERVER_HEAP_MB}`]),
  );
  const urls: string[] = [];
  for (const server of servers) {
    const listening = next<{ url: string }>(server, 'listening');
    server.send(env);
    urls.push((await listening).url);
  }
  const phones = tokens.slice(0, clients).map((token, n) => ({
    ...token,
    // Every chatting phone writes to chatting phones it sees, in its own process.
    chats: n % Math.round(1 / PACE.chatShare) === 0,
    city: Math.floor(n / PHONES_PER_CITY),
  }));
  const groups = [phones.filter((p) => p.chats), phones.filter((p) => !p.chats)];
  const probeBefore = machineProbeMs();
  const simulators = groups.map(() => child('phones'));
  simulators.forEach((simulator, n) => {
    if (simulator.pid && n > 0) setPriority(simulator.pid, CLIENT_NICE);
  });
  const ready = simulators.map((s) => next(s, 'ready'));
  const results = simulators.map((s) => next<{ result: PhonesResult }>(s, 'result'));
  simulators.forEach((s, n) => s.send({ urls, phones: groups[n], pace: PACE }));
  await Promise.all(ready);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  const figures = servers.map((s) => next<{ figures: ServerFigures }>(s, 'figures'));
  for (const target of [...servers, ...simulators]) target.send({ type: 'measure' });
  const slices: number[] = [];
  const prober = setInterval(() => slices.push(machineProbeSliceMs()), 500);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  clearInterval(prober);
  for (const target of [...servers, ...simulators]) target.send({ type: 'stop' });
  const phonesResult = merged((await Promise.all(results)).map((r) => r.result));
  const serverFigures = (await Promise.all(figures)).map((f) => f.figures);
  for (const server of servers) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.send({ type: 'exit' });
    await exited;
  }
  return {
    processes,
    clients,
    phones: phonesResult,
    servers: serverFigures,
    probeBefore,
    probeSliceP50: percentile(slices, 50),
  };
}

function row(run: Run): string {
  const { phones, servers } = run;
  const rss = servers.reduce((a, s) => a + s.rssMb, 0);
  const added = servers.reduce((a, s) => a + s.rssMb - s.idleRssMb, 0);
  const cpu = servers.reduce((a, s) => a + s.cpu, 0);
  const each = (pick: (s: ServerFigures) => number, digits = 0) =>
    servers.map((s) => pick(s).toFixed(digits)).join(' + ');
  return `| ${[
    run.processes,
    run.clients,
    phones.sustained,
    servers.map((s) => s.lagP99.toFixed(1)).join(', '),
    percentile(phones.mapLatencies, 95).toFixed(0),
    percentile(phones.chatLatencies, 95).toFixed(0),
    Math.round(phones.positionsOk / SECONDS),
    each((s) => s.rssMb),
    ((rss * 1024) / run.clients).toFixed(1),
    ((added * 1024) / run.clients).toFixed(1),
    `${each((s) => s.cpu * 100)} % (kernel ${each((s) => s.kernelCpu * 100)} %)`,
    `${((cpu * 100 * 1000) / run.clients).toFixed(1)} %`,
    `${run.probeBefore.toFixed(0)} (${run.probeSliceP50.toFixed(2)})`,
  ].join(' | ')} |`;
}

function print(run: Run): void {
  const { phones } = run;
  console.log(
    `  map samples ${phones.mapLatencies.length}, chats ${phones.chatLatencies.length} (failed ${phones.chatFailed}), reconnects ${phones.reconnects} (failed ${phones.reconnectsFailed}), hands raised ${phones.handsRaised}; phones' loop lag p99 ${phones.clientLagP99.toFixed(0)} ms, their CPU ${phones.clientCpu.toFixed(2)} cores; live heap ${run.servers.map((s) => s.heapMb.toFixed(0)).join(' + ')} MB; sockets ${run.servers.map((s) => s.sockets).join(' + ')}`,
  );
  if (Object.keys(phones.positionRefusals).length > 0)
    console.log('  positions refused:', phones.positionRefusals);
  if (phones.chatFailed > 0) console.log('  chat refusals:', phones.chatRefusals);
  console.log(row(run));
}
