import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one Redis connection shared by every plugin of this process (rate limits, the socket
     * adapter's publisher), or null without REDIS_URL: then everything stays in-process.
     */
    redis: Redis | null;
  }
}

export interface RedisPluginOptions {
  redisUrl: string | undefined;
}

/** Reconnect delays grow to this and stay there while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Failed Redis calls this process caught (a publish, a rate-limit count, a presence write), by
 * operation: the metrics read it; a Redis outage shows here and in the log, never as an exit.
 */
export const redisFailures = {
  total: 0,
  byOperation: new Map<string, number>(),
};

/** Counts and logs one failed Redis call, as one JSON line without a stack. */
export function recordRedisFailure(
  log: FastifyBaseLogger,
  operation: string,
  error: unknown,
): void {
  redisFailures.total++;
  redisFailures.byOperation.set(operation, (redisFailures.byOperation.get(operation) ?? 0) + 1);
  log.warn({ operation, error: errorText(error) }, 'redis call failed');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether `error` says Redis could not be reached (down, reconnecting, given up on a call)
 * rather than that a command was wrong: such errors answer 503, not 500.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable") ||
    (/ECONNREFUSED|ECONNRESET|ETIMEDOUT/.test(error.message) && /redis/i.test(error.stack ?? ''))
  );
}

/** Opens a client the way every part of the server wants it: lazy, failing requests fast. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    // A call made while Redis is away waits for one reconnect attempt (at most
    // MAX_RECONNECT_DELAY_MS plus a refused connect), then the caller sees the outage: rate
    // limits fall back to memory, publishes are counted and dropped, the probe reports it.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnect for ever, soon: an outage of any length ends by itself when Redis returns.
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
}

/**
 * `client` for a publisher that never awaits its publishes (the Socket.IO Redis adapter calls
 * `publish` and drops the promise): a failed publish is counted and logged instead of
 * becoming an unhandled rejection that shuts the process down. Every other member is the
 * client's own.
 */
export function publishSafe(client: Redis, log: FastifyBaseLogger, operation: string): Redis {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'publish') {
        return (...args: Parameters<Redis['publish']>) => {
          const published = target.publish(...args);
          // The same promise goes back, so a caller that does await it still sees the failure.
          published.catch((error: unknown) => recordRedisFailure(log, operation, error));
          return published;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Connects `client`, waiting as long as Redis takes to come: a process started during an
 * outage logs one JSON line per attempt and comes up with Redis instead of exiting.
 */
export async function connectWhenReachable(client: Redis, log: FastifyBaseLogger): Promise<void> {
  const ready = new Promise<void>((resolve) => client.once('ready', resolve));
  let attempt = 0;
  const waiting = (delay: number) => {
    attempt++;
    log.warn({ attempt, retryInMs: delay }, 'waiting for Redis');
  };
  client.on('reconnecting', waiting);
  // The first attempt's failure rejects here; ioredis goes on reconnecting by itself.
  client.connect().catch(() => undefined);
  await ready;
  client.off('reconnecting', waiting);
  if (attempt > 0) log.info({ attempts: attempt + 1 }, 'redis reachable');
}

const SUBSCRIBE_COMMANDS = ['subscribe', 'psubscribe', 'ssubscribe'] as const;

/**
 * A connection of its own for SUBSCRIBE (which blocks a connection for anything else).
 *
 * When a connection comes back, ioredis subscribes it again by itself and drops the promise of
 * that call (`autoResubscribe`, redis/event_handler.js): if the connection closes again before
 * Redis answers, as in an outage that flaps, the rejection ("Connection is closed.") goes
 * unhandled and Node ends the process. Every subscribe call on this connection is therefore
 * also observed here; a caller that awaits one still sees its failure.
 */
export function subscriberOf(client: Redis): Redis {
  const subscriber = client.duplicate();
  for (const command of SUBSCRIBE_COMMANDS) {
    const subscribe = subscriber[command].bind(subscriber) as (...args: unknown[]) => unknown;
    Object.defineProperty(subscriber, command, {
      value: (...args: unknown[]) => {
        const answer = subscribe(...args);
        if (answer instanceof Promise) answer.catch(() => undefined);
        return answer;
      },
    });
  }
  return subscriber;
}

async function redis(app: FastifyInstance, { redisUrl }: RedisPluginOptions): Promise<void> {
  if (!redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const client = createRedis(redisUrl);
  // ioredis reconnects by itself; without a listener an outage would crash the process. One
  // line per state change, not per failed attempt, and no stack: the outage is not a bug.
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ error: error.message }, 'redis connection lost, reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('redis connection back');
  });
  await connectWhenReachable(client, app.log);
  app.decorate('redis', client);
  app.healthChecks.set('redis', async () => {
    await client.ping();
  });
  // After the socket server (registered later, closed earlier) has stopped publishing.
  app.addHook('onClose', async () => {
    await client.quit().catch(() => client.disconnect());
  });
}

export const redisPlugin = fp(redis, { name: 'redis', dependencies: ['health-checks'] });
