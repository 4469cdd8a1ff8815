import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { buildApp, type App } from '../app.ts';
import { createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { bearer, registerUser } from '../../test/accounts.ts';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { startRedis, type TestRedis } from '../../test/redis.ts';
import { userRoom } from './socket.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function open(url: string, accessKey: string): ClientSocket {
  return connect(url, {
    transports: ['websocket'],
    auth: { accessKey },
    forceNew: true,
    reconnection: false,
  });
}

function connected(client: ClientSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
}

/** Two apps as two processes would be: one database, one Redis (or none), own memory. */
async function twoApps(redisUrl: string | undefined) {
  const database = await createTestDatabase();
  const apps: App[] = [];
  for (let i = 0; i < 2; i++) {
    const pool = createPool(database.url);
    if (i === 0) await runMigrations(pool);
    const app = await buildApp(
      testConfig({
        DATABASE_URL: database.url,
        AUTH_RATE_LIMIT_PER_IP: '1000',
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      }),
      { pool },
    );
    app.get('/test/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, () => ({
      ok: true,
    }));
    apps.push(app);
  }
  return {
    apps: apps as [App, App],
    close: async () => {
      for (const app of apps) await app.close();
      await database.drop();
    },
  };
}

describe('with REDIS_URL, two apps share one truth', () => {
  let redis: TestRedis;
  let a: App;
  let b: App;
  let urlB: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    redis = await startRedis();
    const built = await twoApps(redis.url);
    [a, b] = built.apps;
    close = built.close;
    await a.listen({ host: '127.0.0.1', port: 0 });
    urlB = await b.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    await close();
    await redis.stop();
  });

  it('reports Redis in the health answer', async () => {
    const response = await a.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().dependencies.redis.status).toBe('up');
  });

  it("delivers a user's event emitted on one app to the socket on the other", async () => {
    const { token, user } = await registerUser(a);
    const client = open(urlB, token);
    try {
      await connected(client);
      const received = new Promise((resolve) => client.once('notification', resolve));
      a.io.to(userRoom(user.id)).emit('notification', { text: 'across', color: 'info' });
      expect(await received).toEqual({ text: 'across', color: 'info' });
    } finally {
      client.disconnect();
    }
  });

  it('disconnects the socket on the other app when the session is revoked (logout)', async () => {
    const { token } = await registerUser(a);
    const client = open(urlB, token);
    try {
      await connected(client);
      const gone = new Promise<string>((resolve) => client.once('disconnect', resolve));
      const response = await a.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: bearer(token),
      });
      expect(response.statusCode).toBeLessThan(300);
      expect(await gone).toBe('io server disconnect');
    } finally {
      client.disconnect();
    }
  });

  it('counts route rate limits across apps', async () => {
    const codes: number[] = [];
    for (const app of [a, b, a]) {
      codes.push((await app.inject({ method: 'GET', url: '/test/limited' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });

  it('shares createLimiter counters across apps', async () => {
    const options = { keyPrefix: 'test-shared', points: 2, durationSeconds: 60 };
    const onA = a.createLimiter(options);
    const onB = b.createLimiter(options);
    await onA.consume('key');
    await onB.consume('key');
    await expect(onA.consume('key')).rejects.toMatchObject({ remainingPoints: 0 });
    await expect(onB.consume('other')).resolves.toMatchObject({ remainingPoints: 1 });
  });
});

describe('without REDIS_URL, each app counts for itself', () => {
  let a: App;
  let b: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const built = await twoApps(undefined);
    [a, b] = built.apps;
    close = built.close;
  });
  afterAll(() => close());

  it('keeps limits in memory and reports no Redis', async () => {
    expect(a.redis).toBeNull();
    const options = { keyPrefix: 'test-memory', points: 1, durationSeconds: 60 };
    await a.createLimiter(options).consume('key');
    await expect(b.createLimiter(options).consume('key')).resolves.toMatchObject({
      remainingPoints: 0,
    });
    const health = await a.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().dependencies.redis).toBeUndefined();
  });
});
