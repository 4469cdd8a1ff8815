import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyResponseSchema } from '@meeet/core/api/health';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('drain', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(url).port);
  });
  afterAll(() => t.close());

  it('answers readiness 503 at once, serves the rest with Connection: close and accepts no connection', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe('close');

    t.app.drain.begin();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(readyResponseSchema.parse(ready.json()).status).toBe('not-ready');
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    const refused = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
