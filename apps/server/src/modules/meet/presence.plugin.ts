import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { SlicedQueue } from '../../lib/sliced-queue.ts';
import {
  InProcessPresenceStore,
  RedisPresenceStore,
  type PresenceStore,
} from './presence-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who has a hand up: the meet service's store, also read by the monitor. */
    presence: PresenceStore;
    /**
     * Where positions wait for their turn: worked out a few milliseconds at a time between the
     * loop's other work (see sliced-queue.ts). Its waits are read by the benchmarks.
     */
    positionQueue: SlicedQueue;
  }
}

/** About how long a slice of positions runs (ms): a chat message or a timer waits about this. */
const POSITION_SLICE_MS = 4;

/**
 * The presence store at the app's root, so the meet routes and the monitor share one (and the
 * positions' queue, so the benchmarks read its waits). With
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
  app.decorate(
    'positionQueue',
    new SlicedQueue({
      sliceMs: POSITION_SLICE_MS,
      onError: (error) => app.log.error({ err: error }, 'position job failed'),
    }),
  );
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export const presencePlugin = fp(presence, { name: 'presence' });
