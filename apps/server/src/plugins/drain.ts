import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import packageJson from '../../package.json' with { type: 'json' };

/** The readiness route (modules/health) that a draining process answers 503 at once. */
const READINESS_URL = '/api/health/ready';

/**
 * A process leaving on SIGTERM: from `begin()` on, readiness says not-ready (the proxy stops
 * routing here) and the HTTP server accepts no new connection, while the requests and sockets
 * it holds are served until the app closes (docs/operations.md, "Shutdown").
 */
export class Drain {
  private started = false;
  private closed: Promise<void> = Promise.resolve();

  constructor(private readonly app: FastifyInstance) {}

  get draining(): boolean {
    return this.started;
  }

  /**
   * Flips readiness and stops accepting connections; the listening socket closes now, so a
   * socket told to reconnect (in the socket plugin's close) can only land on another process.
   * Idle keep-alive connections close too; a request in flight finishes on its connection.
   */
  begin(): void {
    if (this.started) return;
    this.started = true;
    const server = this.app.server;
    if (server.listening) {
      this.closed = new Promise((resolve) => server.close(() => resolve()));
    }
  }

  /**
   * Resolves when every connection the server held has ended (requests answered, sockets
   * closed). Fastify's own close finds the server closed already and does not wait for them.
   */
  connectionsEnded(): Promise<void> {
    return this.closed;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Registered after the socket plugin, whose close hook (run first) tells the sockets to go:
 * this one then waits for the requests in flight, before any plugin closes what they use.
 */
async function drain(app: FastifyInstance): Promise<void> {
  const state = new Drain(app);
  app.decorate('drain', state);
  // A keep-alive connection answered while draining is closed after its answer, so its next
  // request goes through the proxy to another process instead of meeting this one closing.
  app.addHook('onSend', async (_request, reply) => {
    if (state.draining) reply.header('connection', 'close');
  });
  app.addHook('preClose', () => state.connectionsEnded());
  app.addHook('onRequest', async (request, reply) => {
    if (!state.draining || request.routeOptions.url !== READINESS_URL) return;
    return reply.code(503).send({
      status: 'not-ready',
      version: packageJson.version,
      uptimeSeconds: Math.round(process.uptime()),
      dependencies: {},
      workers: {},
    });
  });
}

export const drainPlugin = fp(drain, { name: 'drain' });
