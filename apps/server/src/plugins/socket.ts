import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { ErrorCode } from '@meeet/core/api/errors';
import { HTTP_HEADERS } from '@meeet/core/constants';
import { Role } from '@meeet/core/roles';
import type { SessionsService } from '../modules/users/sessions.service.ts';
import { parseFingerprint } from './auth.ts';
import { publishSafe, subscriberOf } from './redis.ts';
import { tolerantParser } from './socket-parser.ts';

/** What the server knows about a connected socket. */
export interface SocketData {
  /** The authenticated user, or null for an anonymous visitor. */
  userId: number | null;
  /** The session whose token opened the socket; revoking it disconnects the socket. */
  sessionId: string | null;
  /** Whether the user was an admin when the socket opened (see `ADMIN_ROOM`). */
  admin?: boolean;
}

/** The room every socket of a user joins; domains emit a user's events to it. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** Whether the user has a socket open on any process (with Redis the adapter asks them all). */
export async function isUserOnline(io: RealtimeServer, userId: number): Promise<boolean> {
  return (await io.in(userRoom(userId)).fetchSockets()).length > 0;
}

/** The users with a socket open on any process, each once. */
export async function onlineUserIds(io: RealtimeServer): Promise<number[]> {
  const sockets = await io.fetchSockets();
  return [...new Set(sockets.flatMap((s) => (s.data.userId === null ? [] : [s.data.userId])))];
}

/**
 * The sockets of users who were admins when they connected: who the monitor's live figures may
 * be for. Whoever reads it checks the role again (one may have lost it since); one promoted while
 * connected joins on their next connection (a reload).
 */
export const ADMIN_ROOM = 'role:admin';

function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<never, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<never, never>,
  SocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

/** The client sends the auth token as `auth.accessKey` and as an `accessKey` header (spec §4). */
export function socketAccessKey(socket: RealtimeSocket): string | undefined {
  const fromAuth: unknown = socket.handshake.auth?.accessKey;
  if (typeof fromAuth === 'string' && fromAuth !== '') return fromAuth;
  const fromHeader = socket.handshake.headers.accesskey;
  return typeof fromHeader === 'string' && fromHeader !== '' ? fromHeader : undefined;
}

/** Refusal of a socket whose access key is not a live token; the client sees `data.code`. */
export class SocketAuthError extends Error {
  readonly data = { code: ErrorCode.TOKEN_INVALID };
  constructor() {
    super('invalid access key');
    this.name = 'SocketAuthError';
  }
}

/**
 * Decides who a connecting socket belongs to, with the same check as the API's Bearer token.
 * No key: an anonymous visitor. A key that is not a live token is refused, so a client holding
 * a dead token learns it instead of silently losing its user's events.
 */
export async function authenticateSocket(
  sessions: SessionsService,
  accessKey: string | undefined,
  fingerprint: string | null = null,
): Promise<SocketData> {
  if (!accessKey) return { userId: null, sessionId: null };
  const auth = await sessions.authenticate(accessKey, fingerprint);
  if (!auth) throw new SocketAuthError();
  return { userId: auth.user.id, sessionId: auth.sessionId, admin: auth.user.role === Role.ADMIN };
}

function handshakeFingerprint(socket: RealtimeSocket): string | null {
  return parseFingerprint(socket.handshake.headers[HTTP_HEADERS.FINGERPRINT]);
}

/**
 * Socket.IO on the same HTTP server and port as the API, default path `/socket.io`. Sockets
 * are disconnected before the HTTP server closes, since open WebSockets would otherwise
 * keep the graceful shutdown waiting. With Redis, the Redis adapter carries room emits and
 * `disconnectSockets` to every process, so a user's events and a revoked session reach the
 * sockets wherever the load balancer put them.
 */
async function socket(app: FastifyInstance): Promise<void> {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    parser: tolerantParser,
  });
  // The adapter publishes on the shared client and needs a connection of its own for
  // SUBSCRIBE, which blocks a Redis connection for anything else.
  const subscriber = app.redis ? subscriberOf(app.redis) : undefined;
  if (app.redis && subscriber) {
    subscriber.on('error', (error) =>
      app.log.warn({ error: error.message }, 'redis subscriber error'),
    );
    // Its publishes are never awaited: a failed one is counted and logged, not a crash.
    const publisher = publishSafe(app.redis, app.log, 'socket.io publish');
    io.adapter(createAdapter(publisher, subscriber, { key: 'meeet:socket.io' }));
  }
  io.use((client, next) => {
    authenticateSocket(app.sessions, socketAccessKey(client), handshakeFingerprint(client)).then(
      (data) => {
        client.data = data;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof SocketAuthError))
          app.log.error({ err: error }, 'socket auth failed');
        next(error instanceof Error ? error : new Error('authentication failed'));
      },
    );
  });
  io.on('connection', (client) => {
    // The handshake (headers, auth) is built by now; the first HTTP request behind it would be
    // kept for the connection's life (Socket.IO's advice: socket.io/docs/v4/memory-usage).
    (client.conn as { request: unknown }).request = null;
    const { userId, sessionId, admin } = client.data;
    if (userId !== null && sessionId !== null) {
      void client.join([userRoom(userId), sessionRoom(sessionId), ...(admin ? [ADMIN_ROOM] : [])]);
    }
  });
  app.sessions.onRevoked((sessionIds) => {
    for (const sessionId of sessionIds) io.in(sessionRoom(sessionId)).disconnectSockets(true);
  });
  app.decorate('io', io);
  app.addHook('preClose', async () => {
    // Only this process's sockets. Closing a socket's Engine.IO transport makes its client
    // reconnect by itself (a Socket.IO disconnect would tell it to stay away); the server
    // accepts no connection by now (plugins/drain.ts), so it lands on another process.
    for (const client of io.of('/').sockets.values()) client.conn.close();
    io.engine.close();
    if (subscriber) {
      await io.of('/').adapter.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    }
  });
}

export const socketPlugin = fp(socket, { name: 'socket', dependencies: ['auth', 'redis'] });
