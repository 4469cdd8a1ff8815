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
import { FairReads, type ReadableTcp } from './fair-reads.ts';

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

/**
 * A payload that writes its JSON itself, as UTF-8 between the bytes its frame needs around it
 * (see map-diff.ts): no string of it is built.
 */
export interface FramedPayload {
  framed(head: Buffer, tail: Buffer): Buffer;
}

/** What goes around an event's payload in its frame, made once per namespace and event. */
const envelopes = new Map<string, { head: Buffer; tail: Buffer }>();
const EVENT_TAIL = Buffer.from(']');

function envelopeOf(namespace: string, event: string): { head: Buffer; tail: Buffer } {
  const key = `${namespace} ${event}`;
  let envelope = envelopes.get(key);
  if (!envelope) {
    const nsp = namespace === '/' ? '' : `${namespace},`;
    const head = Buffer.from(`${ENGINE_MESSAGE}2${nsp}[${JSON.stringify(event)},`);
    envelopes.set(key, (envelope = { head, tail: EVENT_TAIL }));
  }
  return envelope;
}

/**
 * Sends an event whose payload encodes itself, written as Socket.IO's own encoder writes an
 * event (protocol v5: `2`, the namespace unless it is the main one, then `["event",payload]`).
 * For payloads built once for many sockets (map diffs); they must hold no binary, which the
 * encoder would have sent apart.
 */
export function emitEncoded(
  socket: RealtimeSocket,
  event: keyof ServerToClientEvents,
  payload: FramedPayload,
): void {
  if (!isOpen(socket)) return;
  const { head, tail } = envelopeOf(socket.nsp.name, event);
  writeFrame(socket, payload.framed(head, tail));
}

/** Writes a Socket.IO packet already encoded, after any queued before it. */
export function writePacket(socket: RealtimeSocket, packet: string): void {
  if (isOpen(socket)) writeFrame(socket, `${ENGINE_MESSAGE}${packet}`);
}

function isOpen(socket: RealtimeSocket): boolean {
  return socket.connected && socket.conn.readyState === 'open';
}

/**
 * Writes Engine.IO's message frame (its type byte, then the Socket.IO packet) on an open socket.
 * Engine.IO keeps one write in flight per connection and queues the rest until it completes, so
 * a diff sent after an answer would leave in a write of its own even with the TCP socket held.
 * Nothing is queued before it here, so writing the frame itself keeps the order. Over long
 * polling, or behind queued packets, the packet goes through Engine.IO.
 */
function writeFrame(socket: RealtimeSocket, frame: string | Buffer): void {
  const webSocket = idleWebSocket(socket);
  if (webSocket) webSocket.send(frame, TEXT_FRAME);
  else {
    const start = ENGINE_MESSAGE.length;
    socket.conn.write(
      typeof frame === 'string' ? frame.slice(start) : frame.toString('utf8', start),
    );
  }
}

/** `ws` sends a `Buffer` as a binary frame unless told otherwise; Socket.IO's packets are text. */
const TEXT_FRAME = { binary: false };

/**
 * A turn of the event loop this long reads each socket once more at most (see fair-reads.ts): a
 * safety valve against stalls of seconds, shut in a healthy turn (docs/decisions.md).
 */
const FAIR_READS_BUDGET_MS = 250;

/** Engine.IO's packet type of a message (protocol v4): a Socket.IO packet follows. */
export const ENGINE_MESSAGE = '4';
const WEBSOCKET_OPEN = 1;

/**
 * What of Engine.IO 6's connection and `ws`'s socket the writes above use; neither library
 * exports it. Checked at run time, so a change of either falls back to the public path.
 */
interface EngineConnection {
  writeBuffer?: unknown[];
  transport?: {
    name?: string;
    socket?: {
      readyState?: number;
      send?: WebSocketSend;
      _socket?: { cork?: () => void; uncork?: () => void };
    };
  };
}

export function webSocketOf(
  socket: RealtimeSocket,
): NonNullable<EngineConnection['transport']>['socket'] {
  const transport = (socket.conn as unknown as EngineConnection).transport;
  return transport?.name === 'websocket' ? transport.socket : undefined;
}

/** The socket's WebSocket when a frame written on it now comes after all queued before it. */
type WebSocketSend = (data: string | Buffer, options?: { binary: boolean }) => void;

function idleWebSocket(socket: RealtimeSocket): { send: WebSocketSend } | undefined {
  const queued = (socket.conn as unknown as EngineConnection).writeBuffer;
  const webSocket = webSocketOf(socket);
  if (!webSocket || !Array.isArray(queued) || queued.length > 0) return undefined;
  if (webSocket.readyState !== WEBSOCKET_OPEN || typeof webSocket.send !== 'function') {
    return undefined;
  }
  return webSocket as { send: WebSocketSend };
}

/**
 * Holds the socket's TCP writes until the returned release is called, so an answer and what
 * its event sent on the way (a map diff) leave in one system call. Each write on loopback cost
 * ~18 µs of the server's one thread, a fifth of it at 5,000 phones.
 */
export function holdWrites(socket: RealtimeSocket): () => void {
  const tcp = webSocketOf(socket)?._socket;
  if (typeof tcp?.cork !== 'function' || typeof tcp.uncork !== 'function') return () => {};
  tcp.cork();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    tcp.uncork?.();
  };
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
  });
  // The adapter publishes on the shared client and needs a connection of its own for
  // SUBSCRIBE, which blocks a Redis connection for anything else.
  const subscriber = app.redis?.duplicate();
  if (app.redis && subscriber) {
    subscriber.on('error', (error) => app.log.warn({ err: error }, 'redis subscriber error'));
    io.adapter(createAdapter(app.redis, subscriber, { key: 'meeet:socket.io' }));
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
  const fairReads = new FairReads(FAIR_READS_BUDGET_MS);
  const watchReads = (client: RealtimeSocket) => {
    const tcp = webSocketOf(client)?._socket as ReadableTcp | undefined;
    if (tcp && typeof tcp.on === 'function') fairReads.watch(tcp);
  };
  io.on('connection', (client) => {
    watchReads(client);
    client.conn.once('upgrade', () => watchReads(client));
    // The handshake (headers, auth) is built by now; the upgrade request behind it is not
    // needed any more and would be kept for the socket's life (Socket.IO's memory advice).
    (client.conn as unknown as { request: unknown }).request = null;
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
