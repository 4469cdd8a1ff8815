import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('realtime socket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('accepts an anonymous connection on the API port and delivers typed events', async () => {
    const client: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
      transports: ['websocket'],
      auth: { accessKey: 'not-checked-yet' },
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      const [serverSocket] = await t.app.io.fetchSockets();
      expect(serverSocket?.data).toEqual({ userId: null });

      const received = new Promise((resolve) => client.once('notification', resolve));
      t.app.io.emit('notification', { text: 'hello', color: 'info' });
      expect(await received).toEqual({ text: 'hello', color: 'info' });
    } finally {
      client.disconnect();
    }
  });

  it('closes with sockets still connected', async () => {
    const client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve) => client.once('connect', resolve));
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    client.disconnect();
  });
});
