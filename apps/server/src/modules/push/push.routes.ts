import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushSettingsResponseSchema,
  pushSettingsSchema,
  pushTokenRequestSchema,
} from '@meeet/core/api/push';
import { pushPaths } from '@meeet/core/api/push-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';

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
