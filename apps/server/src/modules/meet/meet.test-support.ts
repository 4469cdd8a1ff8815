import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { App, AppDeps } from '../../app.ts';
import { EVENT_BUDGETS } from '../../plugins/realtime-budgets.ts';
import type { Database } from '../../db/client.ts';
import { completeUser } from '../media/media.test-support.ts';
import { users } from '../users/users.schema.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A user who may raise a hand: complete profile and a confirmed e-mail. */
export async function meetUser(app: App, db: Database) {
  const user = await completeUser(app, 'Meet');
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.user.id));
  return { id: user.user.id, token: user.token, email: user.user.email, password: user.password };
}

/**
 * A connected socket of `token` (anonymous without one), on a WebSocket unless `transport` says
 * long polling.
 */
export async function openSocket(
  url: string,
  token?: string,
  transport: 'websocket' | 'polling' = 'websocket',
): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    transports: [transport],
    ...(token ? { auth: { accessKey: token } } : {}),
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Emits a client event with any payload and resolves with its acknowledgement. */
export function call<T extends object = Record<string, unknown>>(
  socket: ClientSocket,
  event: keyof ClientToServerEvents,
  payload: unknown,
): Promise<Ack<T>> {
  return (
    socket.timeout(5000) as unknown as {
      emitWithAck: (event: string, payload: unknown) => Promise<Ack<T>>;
    }
  ).emitWithAck(event, payload);
}

/** Like `call`, but fails unless the answer is ok. */
export async function ok<T extends object = Record<string, unknown>>(
  socket: ClientSocket,
  event: keyof ClientToServerEvents,
  payload: unknown,
): Promise<T> {
  const answer = await call<T>(socket, event, payload);
  if (!answer.ok) throw new Error(`${event} refused: ${answer.code} ${answer.message}`);
  return answer;
}

/** The next `event` on the socket whose payload satisfies `match` (within `ms`). */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      (socket.off as (e: string, l: unknown) => void)(event, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      (socket.off as (e: string, l: unknown) => void)(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    (socket.on as (e: string, l: unknown) => void)(event, listener);
  });
}

/** A position fix taken now. */
export function fix(lat: number, lon: number, accuracy = 10) {
  return { lat, lon, accuracy, at: Date.now() };
}

/**
 * Sends a position, again while the server's once-a-second limit refuses it as too often, and
 * resolves with the first other answer: it waits on the server's condition, not on a clock.
 */
export function sendPosition(socket: ClientSocket, lat: number, lon: number): Promise<Ack> {
  return vi.waitFor(
    async () => {
      const answer = await call(socket, 'position', fix(lat, lon));
      if (!answer.ok && answer.code === 'RATE_LIMITED') throw new Error('refused as too often');
      return answer;
    },
    { timeout: 5_000, interval: 100 },
  );
}

/**
 * A listening test app for a describe block's socket tests (built before them, closed after,
 * with `env` over the test configuration), its sockets, and `member`: a meet user with a socket
 * of their own.
 */
/**
 * Budgets with watches unlimited, for tests that measure what many watches tell: the privacy
 * bound must hold for an attacker with all day, not only within the watch budget (tested in
 * plugins/realtime-events.test.ts).
 */
export const UNLIMITED_WATCHES: Omit<AppDeps, 'pool'> = {
  realtimeBudgets: {
    ...EVENT_BUDGETS,
    'map:watch': {
      socket: { burst: 1000, perMinute: 1000 },
      user: { burst: 1000, perMinute: 1000 },
      oneInFlight: true,
    },
  },
};

export function socketTestServer(env: Record<string, string>, deps: Omit<AppDeps, 'pool'> = {}) {
  let app: TestApp | undefined;
  let url = '';
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    app = await createTestApp(env, deps);
    url = await app.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.close();
  });
  const server = {
    get t(): TestApp {
      if (!app) throw new Error('the test server starts in beforeAll');
      return app;
    },
    get url(): string {
      return url;
    },
    /** A socket of `token`, closed with the server. */
    async socket(token: string): Promise<ClientSocket> {
      const socket = await openSocket(url, token);
      sockets.push(socket);
      return socket;
    },
    async member() {
      const user = await meetUser(server.t.app, server.t.db);
      return { ...user, socket: await server.socket(user.token) };
    },
  };
  return server;
}
