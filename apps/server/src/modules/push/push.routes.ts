import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushSettingsResponseSchema,
  pushSettingsSchema,
  pushTokenRequestSchema,
} from '@meeet/core/api/push';
import { pushPaths } from '@meeet/core/api/push-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';
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

const tags = ['push'];

/** The phone's push token and the user's per-kind settings (issue 43). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = routeOptions(tags, app.requireAuth);

  app.put(
    pushPaths.token,
    signedIn("Registers this phone's push token for you", {
      body: pushTokenRequestSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await app.push.registerToken(authOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    pushPaths.token,
    signedIn("Forgets this phone's push token (signing out, or pushes switched off)", {
      querystring: pushTokenRequestSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await app.push.unregisterToken(authOf(request), request.query);
      return { ok: true as const };
    },
  );

  app.get(
    pushPaths.settings,
    signedIn('Which kinds of push you get while the app is closed', {
      response: { 200: pushSettingsResponseSchema },
    }),
    (request) => app.push.settings(authOf(request)),
  );

  app.put(
    pushPaths.settings,
    signedIn('Sets which kinds of push you get', {
      body: pushSettingsSchema,
      response: { 200: pushSettingsResponseSchema },
    }),
    (request) => app.push.updateSettings(authOf(request), request.body),
  );
};
