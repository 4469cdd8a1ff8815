import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appMeta } from './db/meta.schema.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns a generated request id, or the caller’s when it looks sane', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-7f3a9c21-req' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a9c21-req');

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'evil\u0007id with spaces<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.json()).toMatchObject({ requestId: replaced.headers['x-request-id'] });
  });

  it('keeps serving when the listening server meets an error (no descriptor left to accept)', async () => {
    const exhausted = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' });
    expect(() => t.app.server.emit('error', exhausted)).not.toThrow();
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
  });

  it('sends security headers and no x-powered-by', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths['/api/health'].get;
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(JSON.stringify(health.responses['200'])).toContain('uptimeSeconds');

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('runs the migrations, so the foundation table is usable', async () => {
    await t.db.insert(appMeta).values({ key: 'probe', value: { ok: true } });
    const rows = await t.db.select().from(appMeta);
    expect(rows).toEqual([expect.objectContaining({ key: 'probe', value: { ok: true } })]);
    const journal = await t.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(journal.rows[0]).toEqual({ n: expect.any(Number) });
  });
});
