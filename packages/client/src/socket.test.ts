import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSocketClient, type SocketClient, type SocketClientConfig } from './socket.ts';

/** Waits until `check` holds (no fixed sleeps): polled every 10 ms, for 5 s at most. */
async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 10 });
}

interface Running {
  origin: string;
  io: Server;
  /** Each handshake the server saw: its auth field and headers. */
  handshakes: { auth: Record<string, unknown>; headers: Record<string, unknown> }[];
  sockets: ServerSocket[];
  close: () => Promise<void>;
}

/** A real Socket.IO server that admits only the accessKey 'key-1', as the server's auth does. */
async function startSocketServer(): Promise<Running> {
  const http = createServer();
  const server = new Server(http);
  const handshakes: Running['handshakes'] = [];
  const sockets: ServerSocket[] = [];
  server.use((socket, next) => {
    handshakes.push({ auth: socket.handshake.auth, headers: socket.handshake.headers });
    if (socket.handshake.auth.accessKey === 'key-1') next();
    else next(new Error('UNAUTHORIZED'));
  });
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('hand:lower', (_payload: unknown, ack: (answer: unknown) => void) =>
      ack({ ok: true }),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    io: server,
    handshakes,
    sockets,
    close: () => new Promise<void>((resolve) => void server.close(() => resolve())),
  };
}

let running: Running | null = null;
let client: SocketClient | null = null;

afterEach(async () => {
  client?.disconnect();
  client = null;
  await running?.close();
  running = null;
});

async function connected(extra: Partial<SocketClientConfig> = {}) {
  running = await startSocketServer();
  const origin = running.origin;
  const states: boolean[] = [];
  const config: SocketClientConfig = {
    library: { io },
    origin: () => origin,
    accessKey: () => 'key-1',
    onConnectedChange: (connected) => states.push(connected),
    failureMessage: (code) => `failed: ${code}`,
    ...extra,
  };
  client = createSocketClient(config);
  return { client, states };
}

describe('the socket client (spec §7, §9)', () => {
  it('connects with the accessKey as auth field and header, and the app’s own headers', async () => {
    const { client, states } = await connected({ headers: () => ({ 'x-fp': 'fp-1' }) });
    await client.connect();
    await until(() => states.at(-1) === true);
    expect(running?.handshakes[0]?.auth).toEqual({ accessKey: 'key-1' });
    expect(running?.handshakes[0]?.headers).toMatchObject({ accesskey: 'key-1', 'x-fp': 'fp-1' });
  });

  it('is refused by the server without the right accessKey', async () => {
    const { client, states } = await connected({ accessKey: () => 'wrong' });
    await client.connect();
    await until(() => (running?.handshakes.length ?? 0) > 0);
    expect(states).not.toContain(true);
  });

  it('answers a request with its acknowledgement, and offline when there is no socket', async () => {
    const { client, states } = await connected({ accessKey: () => null });
    expect(await client.request('hand:lower', {})).toEqual({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'failed: SERVICE_UNAVAILABLE',
    });
    client.disconnect();
    const signedIn = createSocketClient({
      library: { io },
      origin: () => running?.origin,
      accessKey: () => 'key-1',
      onConnectedChange: (connected) => states.push(connected),
      failureMessage: (code) => code,
    });
    // The first request of a signed-in screen connects on its own.
    expect(await signedIn.request('hand:lower', {})).toEqual({ ok: true });
    signedIn.disconnect();
  });

  it('keeps listeners added before connecting and across reconnects; off stops them', async () => {
    const { client, states } = await connected();
    const heard: unknown[] = [];
    const stop = client.on('chat:typing', (payload) => heard.push(payload));
    await client.connect();
    await until(() => running?.sockets.length === 1 && states.at(-1) === true);
    running?.io.emit('chat:typing', { userId: 1 } as never);
    await until(() => heard.length === 1);

    // The transport drops (not a sign-out): Socket.IO reconnects by itself, listeners kept.
    running?.sockets[0]?.conn.close();
    await until(() => running?.sockets.length === 2 && states.at(-1) === true);
    expect(states).toContain(false);
    running?.io.emit('chat:typing', { userId: 2 } as never);
    await until(() => heard.length === 2);

    stop();
    running?.io.emit('chat:typing', { userId: 3 } as never);
    // An acknowledged round trip after the emit: the stopped listener had its chance to hear.
    expect(await client.request('hand:lower', {})).toEqual({ ok: true });
    expect(heard).toEqual([{ userId: 1 }, { userId: 2 }]);
  });

  it('loads the library on first connect; a sign-out while loading cancels the connection', async () => {
    running = await startSocketServer();
    const origin = running.origin;
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const factory = vi.fn(io);
    const load = vi.fn(async () => {
      await loaded;
      return { io: factory as unknown as typeof io };
    });
    client = createSocketClient({
      library: { load },
      origin: () => origin,
      accessKey: () => 'key-1',
      onConnectedChange: () => undefined,
      failureMessage: (code) => code,
    });
    const connecting = client.connect();
    client.disconnect();
    release();
    await connecting;
    expect(load).toHaveBeenCalledTimes(1);
    expect(factory).not.toHaveBeenCalled();
    // Connecting again uses the library already loaded.
    await client.connect();
    expect(load).toHaveBeenCalledTimes(1);
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
