import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  activeSessionsSchema,
  notMeRequestSchema,
  sessionParamsSchema,
  sessionsEndedSchema,
} from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['security'];
const bearer = [{ bearerAuth: [] }];
const MINUTE = 60_000;
const refusals = { 400: errorBodySchema, 401: errorBodySchema };

/** Sessions people control, and "This wasn't me" from the new-device mail. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { accountSecurity } = app;

  app.get(
    securityPaths.sessions,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: "The caller's active sessions: device, country, last seen",
        response: { 200: activeSessionsSchema, ...refusals },
      },
    },
    (request) => accountSecurity.listSessions(authOf(request)),
  );

  app.delete(
    securityPaths.session(':sessionId'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Signs one of the caller’s sessions out (tokens and sockets at once)',
        params: sessionParamsSchema,
        response: { 200: sessionsEndedSchema, 404: errorBodySchema, ...refusals },
      },
    },
    (request) => accountSecurity.endSession(authOf(request), request.params.sessionId, request),
  );

  app.post(
    securityPaths.endOthers,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Signs out every session of the caller but this one',
        response: { 200: sessionsEndedSchema, ...refusals },
      },
    },
    (request) => accountSecurity.endOtherSessions(authOf(request), request),
  );

  app.post(
    securityPaths.notMe,
    {
      config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } },
      schema: {
        tags,
        summary: "This wasn't me: ends every session and freezes withdrawals (mail link)",
        body: notMeRequestSchema,
        response: { 200: sessionsEndedSchema, 400: errorBodySchema },
      },
    },
    (request) => accountSecurity.notMe(request.body.token, request),
  );
};
