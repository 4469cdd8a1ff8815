import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';

/** What the server knows about a connected socket. */
export interface SocketData {
  /** The authenticated user, or null for an anonymous visitor. */
  userId: number | null;
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

/**
 * Decides who a connecting socket belongs to from its access key. Accounts do not exist yet,
 * so every socket is accepted as an anonymous visitor whatever key it sends; the accounts
 * module makes this verify the token, reject invalid ones and return the user.
 */
export async function authenticateSocket(_accessKey: string | undefined): Promise<SocketData> {
  return { userId: null };
}

/**
 * Socket.IO on the same HTTP server and port as the API, default path `/socket.io`. Sockets
 * are disconnected before the HTTP server closes, since open WebSockets would otherwise
 * keep the graceful shutdown waiting.
 */
async function socket(app: FastifyInstance): Promise<void> {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
  });
  io.use((client, next) => {
    authenticateSocket(socketAccessKey(client)).then(
      (data) => {
        client.data = data;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error('authentication failed')),
    );
  });
  app.decorate('io', io);
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
}

export const socketPlugin = fp(socket, { name: 'socket' });
