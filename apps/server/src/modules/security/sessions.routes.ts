import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  activeSessionsSchema,
  notMeRequestSchema,
  sessionParamsSchema,
  sessionsEndedSchema,
} from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['security'];
const MINUTE = 60_000;
const refusals = { 400: errorBodySchema, 401: errorBodySchema };

/** Sessions people control, and "This wasn't me" from the new-device mail. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { accountSecurity } = app;

  const signedIn = routeOptions(tags, app.requireAuth);
  const open = publicRouteOptions(tags);

  app.get(
    securityPaths.sessions,
    signedIn("The caller's active sessions: device, country, last seen", {
      response: { 200: activeSessionsSchema, ...refusals },
    }),
    (request) => accountSecurity.listSessions(authOf(request)),
  );

  app.delete(
    securityPaths.session(':sessionId'),
    signedIn('Signs one of the caller’s sessions out (tokens and sockets at once)', {
      params: sessionParamsSchema,
      response: { 200: sessionsEndedSchema, 404: errorBodySchema, ...refusals },
    }),
    (request) => accountSecurity.endSession(authOf(request), request.params.sessionId, request),
  );

  app.post(
    securityPaths.endOthers,
    signedIn('Signs out every session of the caller but this one', {
      response: { 200: sessionsEndedSchema, ...refusals },
    }),
    (request) => accountSecurity.endOtherSessions(authOf(request), request),
  );

  app.post(
    securityPaths.notMe,
    {
      ...open("This wasn't me: ends every session and freezes withdrawals (mail link)", {
        body: notMeRequestSchema,
        response: { 200: sessionsEndedSchema, 400: errorBodySchema },
      }),
      config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } },
    },
    (request) => accountSecurity.notMe(request.body.token, request),
  );
};
