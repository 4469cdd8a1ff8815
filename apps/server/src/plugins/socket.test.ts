import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { bearer, PASSWORD, registerUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { userRoom } from './socket.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function open(url: string, accessKey?: string): ClientSocket {
  return connect(url, {
    transports: ['websocket'],
    ...(accessKey ? { auth: { accessKey } } : {}),
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

describe('realtime socket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('accepts an anonymous connection on the API port and delivers typed events', async () => {
    const client = open(url);
    try {
      await connected(client);
      const [serverSocket] = await t.app.io.fetchSockets();
      expect(serverSocket?.data).toEqual({ userId: null, sessionId: null });
      expect([...(serverSocket?.rooms ?? [])].some((room) => room.startsWith('user:'))).toBe(false);
      const received = new Promise((resolve) => client.once('notification', resolve));
      t.app.io.emit('notification', { text: 'hello', color: 'info' });
      expect(await received).toEqual({ text: 'hello', color: 'info' });
    } finally {
      client.disconnect();
    }
  });

  it("puts a signed-in socket in its user's room", async () => {
    const { token, user } = await registerUser(t.app);
    const client = open(url, token);
    try {
      await connected(client);
      const received = new Promise((resolve) => client.once('notification', resolve));
      t.app.io.to(userRoom(user.id)).emit('notification', { text: 'for you' });
      expect(await received).toEqual({ text: 'for you' });
    } finally {
      client.disconnect();
    }
  });

  it('refuses an invalid access key', async () => {
    const client = open(url, 'not-a-token');
    try {
      const error = await connected(client).then(
        () => null,
        (e: Error & { data?: unknown }) => e,
      );
      expect(error?.data).toEqual({ code: 'TOKEN_INVALID' });
    } finally {
      client.disconnect();
    }
  });

  it('disconnects the sockets of a session when it is revoked, and only those', async () => {
    const { token, user } = await registerUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const revoked = open(url, token);
    const kept = open(url, other.json().token as string);
    try {
      await Promise.all([connected(revoked), connected(kept)]);
      const gone = new Promise((resolve) => revoked.once('disconnect', resolve));
      await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
      expect(await gone).toBe('io server disconnect');
      expect(kept.connected).toBe(true);
    } finally {
      revoked.disconnect();
      kept.disconnect();
    }
  });

  it('closes with sockets still connected', async () => {
    const client = open(url);
    await new Promise<void>((resolve) => client.once('connect', resolve));
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    client.disconnect();
  });
});
