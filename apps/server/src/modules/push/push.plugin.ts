import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { isUserOnline, onlineUserIds } from '../../plugins/socket.ts';
import { ApnsProvider, type PushProvider } from './push.provider.ts';
import { PushService } from './push.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Push notifications; other modules call only its `notify` (a `PushNotifier`). */
    push: PushService;
  }
}

export interface PushPluginOptions {
  config: AppConfig;
  /** Replaces the provider built from the configuration (tests: APNs with their own CA). */
  provider?: PushProvider;
}

async function push(app: FastifyInstance, options: PushPluginOptions): Promise<void> {
  const apns = options.config.push.apns;
  const provider = options.provider ?? (apns ? new ApnsProvider(apns) : null);
  if (provider) {
    app.addHook('onClose', () => provider.close());
  } else {
    app.log.info(
      'push notifications off: APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_BUNDLE_ID unset',
    );
  }
  app.decorate(
    'push',
    new PushService({
      db: app.db,
      jobs: app.jobs,
      provider,
      // Across processes: with Redis the adapter asks every process for the room's sockets.
      isOnline: (userId) => isUserOnline(app.io, userId),
      onlineUserIds: () => onlineUserIds(app.io),
      log: app.log,
    }),
  );
}

export const pushPlugin = fp(push, { name: 'push', dependencies: ['db', 'jobs', 'socket'] });
