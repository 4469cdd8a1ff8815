import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@meeet/core/api/errors';
import { buildApp, type App } from '../app.ts';
import { createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { freePort } from '../../test/global-setup.ts';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { startRedis, type TestRedis } from '../../test/redis.ts';
import { until } from '../../test/server-process.ts';
import {
  connectWhenReachable,
  createRedis,
  publishSafe,
  redisFailures,
  subscriberOf,
} from './redis.ts';

interface LogLine {
  msg: string;
  err?: unknown;
  operation?: string;
  attempt?: number;
}

/** A real JSON logger whose lines are kept for the test to read. */
function capturedLog() {
  const lines: LogLine[] = [];
  const log = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  }).log;
  return { lines, log };
}

describe('a Redis client while Redis is away', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('waits for Redis at start with one JSON line per attempt, and connects when it comes', async () => {
    const port = await freePort();
    const { lines, log } = capturedLog();
    const client = createRedis(`redis://127.0.0.1:${port}`);
    client.on('error', () => undefined);
    stops.push(async () => client.disconnect());
    const connecting = connectWhenReachable(client, log);
    await until(() => lines.filter((line) => line.msg === 'waiting for Redis').length >= 2);
    const redis = await startRedis(port);
    stops.push(redis.stop);
    await connecting;
    expect(await client.ping()).toBe('PONG');
    const waiting = lines.filter((line) => line.msg === 'waiting for Redis');
    expect(waiting[0]).toMatchObject({ attempt: 1 });
    expect(waiting.every((line) => line.err === undefined)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ msg: 'redis reachable' });
  });

  it('counts and logs a publish nobody awaits instead of rejecting unhandled', async () => {
    const redis = await startRedis();
    stops.push(redis.stop);
    const { lines, log } = capturedLog();
    const client = createRedis(redis.url);
    client.on('error', () => undefined);
    stops.push(async () => client.disconnect());
    await client.connect();
    const publisher = publishSafe(client, log, 'test publish');
    expect(await publisher.publish('meeet:test', 'up')).toBe(0);
    await redis.stop();
    const before = redisFailures.total;
    // As the Socket.IO adapter does: the promise is dropped.
    void publisher.publish('meeet:test', 'down');
    await until(() => redisFailures.total > before);
    expect(redisFailures.byOperation.get('test publish')).toBeGreaterThan(0);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'redis call failed', operation: 'test publish' }),
    );
    await redis.restart();
    await until(() =>
      publisher.publish('meeet:test', 'back').then(
        () => true,
        () => false,
      ),
    );
  });
  it('keeps a subscriber connection’s dropped subscribe from rejecting unhandled', async () => {
    const redis = await startRedis();
    stops.push(redis.stop);
    const client = createRedis(redis.url);
    client.on('error', () => undefined);
    const subscriber = subscriberOf(client);
    subscriber.on('error', () => undefined);
    stops.push(async () => subscriber.disconnect());
    await subscriber.connect();
    await redis.stop();
    // As ioredis does when it subscribes a connection again: the promise is dropped. Unobserved,
    // its failure would be an unhandled rejection, which ends the process (and fails this run).
    void subscriber.subscribe('meeet:test');
    // A caller that awaits one still sees the failure.
    await expect(subscriber.subscribe('meeet:test')).rejects.toThrow();
    await redis.restart();
    await until(() =>
      subscriber.subscribe('meeet:test').then(
        () => true,
        () => false,
      ),
    );
  });
});

describe('an app while Redis is away', () => {
  let redis: TestRedis;
  let app: App;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    redis = await startRedis();
    const database = await createTestDatabase();
    drop = database.drop;
    const pool = createPool(database.url);
    await runMigrations(pool);
    app = await buildApp(testConfig({ DATABASE_URL: database.url, REDIS_URL: redis.url }), {
      pool,
    });
    app.get('/test/shared', async () => ({ value: await app.redis?.get('meeet:test') }));
    app.get('/test/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, () => ({
      ok: true,
    }));
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await redis?.stop();
  });

  it('answers 503 with a code where Redis is needed, and keeps everything else answering', async () => {
    await redis.stop();
    try {
      const shared = await app.inject({ method: 'GET', url: '/test/shared' });
      expect(shared.statusCode).toBe(503);
      expect(shared.json()).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      // A route limit is skipped rather than failing the route; counters fall back to memory.
      expect((await app.inject({ method: 'GET', url: '/test/limited' })).statusCode).toBe(200);
      const limiter = app.createLimiter({ keyPrefix: 'outage', points: 1, durationSeconds: 60 });
      await expect(limiter.consume('key')).resolves.toMatchObject({ remainingPoints: 0 });
      await expect(limiter.consume('key')).rejects.toMatchObject({ remainingPoints: 0 });
      // Liveness asks nothing; readiness says Redis is down.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().dependencies.redis.status).toBe('down');
    } finally {
      await redis.restart();
    }
    await until(
      async () => (await app.inject({ method: 'GET', url: '/test/shared' })).statusCode === 200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
