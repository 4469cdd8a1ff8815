import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  healthResponseSchema,
  liveResponseSchema,
  readyResponseSchema,
} from '@meeet/core/api/health';
import { buildApp } from '../../app.ts';
import { createPool } from '../../db/client.ts';
import { workerStatus } from '../../lib/worker-status.ts';
import { sql } from 'drizzle-orm';
import { DEPOSIT_CURSOR } from '../wallet/deposit-watcher.ts';
import { CHAIN_BEHIND_BLOCKS, chainHealth } from './health.service.ts';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database up', async () => {
    const sent = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const took = performance.now() - sent;
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.dependencies.database).toMatchObject({ status: 'up' });
    // The probe's own time, measured inside the request (to its 0.1 ms rounding).
    expect(body.dependencies.database?.latencyMs).toBeLessThanOrEqual(took + 0.05);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is unreachable, without leaking the failure', async () => {
    // Port 1 refuses connections at once: an unreachable database without waiting for a timeout.
    const pool = createPool('postgres://postgres:postgres@127.0.0.1:1/nothing');
    const app = await buildApp(testConfig(), { pool });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      const body = healthResponseSchema.parse(response.json());
      expect(body.status).toBe('degraded');
      expect(body.dependencies.database?.status).toBe('down');
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is ready with every dependency up and no worker stale', async () => {
    workerStatus.started('fresh worker', 60_000);
    workerStatus.ticked('fresh worker');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      const body = readyResponseSchema.parse(response.json());
      expect(body.status).toBe('ready');
      expect(body.dependencies.database?.status).toBe('up');
      expect(body.workers['fresh worker']).toMatchObject({ status: 'ok', failures: 0 });
    } finally {
      workerStatus.stopped('fresh worker');
    }
  });

  it('stays ready while a worker is stale, and /api/health reports it', async () => {
    // Started two seconds ago with a one-second bound and no pass since.
    workerStatus.started('stuck worker', 1_000, Date.now() - 2_000);
    workerStatus.failed('stuck worker');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      const body = readyResponseSchema.parse(response.json());
      expect(body.status).toBe('ready');
      expect(body.workers['stuck worker']).toEqual({
        status: 'stale',
        lastTickAgoMs: null,
        failures: 1,
      });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const report = healthResponseSchema.parse(health.json());
      expect(report.status).toBe('degraded');
      expect(report.workers['stuck worker']?.status).toBe('stale');
    } finally {
      workerStatus.stopped('stuck worker');
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthResponseSchema.parse(after.json()).status).toBe('ok');
  });

  it('asks every registered probe, so a dependency added later (Redis) counts at once', async () => {
    t.app.healthChecks.set('redis', async () => {
      throw new Error('connection refused');
    });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(readyResponseSchema.parse(ready.json()).dependencies.redis?.status).toBe('down');
      expect(ready.body).not.toMatch(/connection refused/);
      // Liveness asks nothing: a dependency outage must not get the process restarted.
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(liveResponseSchema.parse(live.json()).status).toBe('ok');
    } finally {
      t.app.healthChecks.delete('redis');
    }
  });

  it('is not ready but alive when the database is unreachable', async () => {
    const pool = createPool('postgres://postgres:postgres@127.0.0.1:1/nothing');
    const app = await buildApp(testConfig(), { pool });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(readyResponseSchema.parse(ready.json()).dependencies.database?.status).toBe('down');
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the chain in /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const node = (head: () => Promise<bigint>) => ({ attached: true, headBlock: head });

  it('is absent without a chain, and the body still parses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthResponseSchema.parse(response.json()).chain).toBeUndefined();
  });

  it('says down when the node does not answer, without the failure', async () => {
    const health = await chainHealth(
      node(() => Promise.reject(new Error('fetch failed 127.0.0.1:8545'))),
      t.db,
      t.app.log,
    );
    expect(health).toMatchObject({ state: 'down', headBlock: null });
  });

  it('says behind when the workers lag the head, ok when they keep up', async () => {
    await t.db.execute(
      sql`insert into chain_cursors (name, block) values (${DEPOSIT_CURSOR}, 1000)`,
    );
    try {
      const lagging = await chainHealth(
        node(async () => 1000n + CHAIN_BEHIND_BLOCKS + 1n),
        t.db,
        t.app.log,
      );
      expect(lagging).toMatchObject({ state: 'behind', cursorBlock: '1000' });
      const keeping = await chainHealth(
        node(async () => 1003n),
        t.db,
        t.app.log,
      );
      expect(keeping).toMatchObject({ state: 'ok', headBlock: '1003', cursorBlock: '1000' });
    } finally {
      await t.db.execute(sql`delete from chain_cursors`);
    }
  });
});
