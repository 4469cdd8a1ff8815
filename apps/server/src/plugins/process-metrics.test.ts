import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { registerUser } from '../../test/accounts.ts';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { startRedis, type TestRedis } from '../../test/redis.ts';
import { jobs } from '../modules/jobs/jobs.schema.ts';
import { recordRedisFailure } from './redis.ts';
import { openSocket, type ClientSocket } from '../modules/meet/meet.test-support.ts';

const SCRAPE_TOKEN = 'scrape-token-for-process-metrics-0123';

/** Two apps as two processes on one database and one Redis, each with its own metrics. */
describe('per-process metrics', () => {
  let redis: TestRedis;
  let dropDatabase: () => Promise<void>;
  const apps: App[] = [];
  const sockets: ClientSocket[] = [];
  let urlA: string;

  const scrape = async (app: App) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${SCRAPE_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    redis = await startRedis();
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    for (let i = 0; i < 2; i++) {
      const pool = createPool(database.url);
      if (i === 0) await runMigrations(pool);
      const config = testConfig({
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        METRICS_TOKEN: SCRAPE_TOKEN,
        AUTH_RATE_LIMIT_PER_IP: '1000',
      });
      apps.push(await buildApp(config, { pool }));
    }
    urlA = await apps[0]!.listen({ host: '127.0.0.1', port: 0 });
    await apps[1]!.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const app of apps) await app.close();
    await dropDatabase?.();
    await redis?.stop();
  });

  it('counts the sockets of the process scraped, not every process', async () => {
    const [a, b] = apps as [App, App];
    const users = [await registerUser(a), await registerUser(a), await registerUser(a)];
    for (const user of users) sockets.push(await openSocket(urlA, user.token));
    expect(await scrape(a)).toMatch(/^meeet_realtime_connections 3$/m);
    expect(await scrape(a)).toMatch(/^meeet_users_online 3$/m);
    expect(await scrape(b)).toMatch(/^meeet_realtime_connections 0$/m);
  });

  it('reports the runtime: process, heap, event-loop lag and GC', async () => {
    const body = await scrape(apps[0]!);
    expect(body).toMatch(/^meeet_process_cpu_seconds_total \d/m);
    expect(body).toMatch(/^meeet_nodejs_heap_size_used_bytes \d/m);
    expect(body).toMatch(/^meeet_nodejs_eventloop_lag_p99_seconds \d/m);
    expect(body).toContain('# TYPE meeet_nodejs_gc_duration_seconds histogram');
  });

  it('reports the leader locks, the pool, Redis and the job queue', async () => {
    const [a, b] = apps as [App, App];
    a.leaders.set('meeet:chain-workers', { isLeader: true });
    b.leaders.set('meeet:chain-workers', { isLeader: false });
    await a.db.insert(jobs).values([
      { kind: 'test:dead', payload: {}, status: 'dead' },
      { kind: 'test:waiting', payload: {}, runAt: new Date(Date.now() + 3_600_000) },
    ]);
    const body = await scrape(a);
    expect(body).toMatch(/^meeet_leader\{lock="meeet:chain-workers"\} 1$/m);
    expect(await scrape(b)).toMatch(/^meeet_leader\{lock="meeet:chain-workers"\} 0$/m);
    expect(body).toMatch(/^meeet_jobs\{state="dead"\} 1$/m);
    expect(body).toMatch(/^meeet_jobs\{state="pending"\} 1$/m);
    expect(body).toMatch(/^meeet_jobs\{state="due"\} 0$/m);
    expect(body).toMatch(/^meeet_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(body).toMatch(/^meeet_db_pool_connections\{state="waiting"\} 0$/m);
    expect(body).toMatch(/^meeet_redis_up 1$/m);
    expect(body).toMatch(/^meeet_redis_state\{state="ready"\} 1$/m);
    // A failed publish (Redis away) is counted by what it was doing.
    recordRedisFailure(a.log, 'metrics test publish', new Error('Connection is closed.'));
    expect(await scrape(a)).toMatch(
      /^meeet_redis_failures\{operation="metrics test publish"\} 1$/m,
    );
  });
});
