import type { FastifyInstance } from 'fastify';
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

/** Opens a client the way every part of the server wants it: lazy, failing requests fast. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    // A request waiting through endless reconnects would hang an HTTP call; one retry, then
    // the caller sees the outage (rate limits answer 5xx, the health probe reports it).
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
}

async function redis(app: FastifyInstance, { redisUrl }: RedisPluginOptions): Promise<void> {
  if (!redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const client = createRedis(redisUrl);
  // ioredis reconnects by itself; without a listener an outage would crash the process.
  client.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
  await client.connect();
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
