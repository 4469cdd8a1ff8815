import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@meeet/core/api/health';
import { buildApp } from '../../app.ts';
import { createPool } from '../../db/client.ts';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.dependencies.database).toMatchObject({ status: 'up' });
    expect(body.dependencies.database?.latencyMs).toBeGreaterThanOrEqual(0);
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
