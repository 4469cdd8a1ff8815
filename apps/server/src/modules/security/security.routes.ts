import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  antiPhishingRequestSchema,
  antiPhishingSchema,
  securityEventsPageSchema,
  securityEventsQuerySchema,
} from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { staffUserParamsSchema } from '@meeet/core/api/staff';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';
import { sessionsRoutes } from './sessions.routes.ts';

const tags = ['security'];
const refusals = { 400: errorBodySchema, 401: errorBodySchema };

/** The anti-phishing phrase, the admins' security events, and the sessions calls. */
export const securityRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  // Scoped to these routes: the web client sends `Content-Type: application/json` on a DELETE
  // without a body, which Fastify's JSON parser refuses as empty; an empty body is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
  await app.register(sessionsRoutes, { config });
  const { accountSecurity } = app;

  const signedIn = routeOptions(tags, app.requireAuth);
  const adminStaff = routeOptions(['staff'], app.requireRole(Role.ADMIN));

  app.get(
    securityPaths.antiPhishing,
    signedIn('The anti-phishing phrase shown in every mail', {
      response: { 200: antiPhishingSchema, ...refusals },
    }),
    (request) => accountSecurity.antiPhishing(authOf(request)),
  );

  app.put(
    securityPaths.antiPhishing,
    {
      ...signedIn('Sets (or, with null, removes) the anti-phishing phrase', {
        body: antiPhishingRequestSchema,
        response: { 200: antiPhishingSchema, ...refusals },
      }),
      preHandler: app.requireFactor,
    },
    (request) => accountSecurity.setAntiPhishing(authOf(request), request.body.phrase, request),
  );

  app.get(
    securityPaths.staffEvents(':userId'),
    adminStaff("A user's security events, newest first (admins)", {
      params: staffUserParamsSchema,
      querystring: securityEventsQuerySchema,
      response: { 200: securityEventsPageSchema, 403: errorBodySchema, ...refusals },
    }),
    (request) => app.security.list(request.params.userId, request.query.page),
  );
};
