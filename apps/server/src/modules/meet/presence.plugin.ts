import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { InProcessPresenceStore } from './presence-store-memory.ts';
import { RedisPresenceStore } from './presence-store-redis.ts';
import type { PresenceStore } from './presence-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who has a hand up: the meet service's store, also read by the monitor. */
    presence: PresenceStore;
  }
}

/**
 * The presence store at the app's root, so the meet routes and the monitor share one. With
 * Redis every server process shares the hands, the sightings and the map's changes.
 */
async function presence(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  let store: PresenceStore = new InProcessPresenceStore();
  if (app.redis) {
    const shared = new RedisPresenceStore(app.redis, {
      areaTtlMs: options.config.meet.handMaxMs,
      onError: (error, what) => app.log.warn({ err: error }, `meet: ${what}`),
    });
    await shared.start();
    store = shared;
  }
  app.decorate('presence', store);
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export const presencePlugin = fp(presence, { name: 'presence' });
