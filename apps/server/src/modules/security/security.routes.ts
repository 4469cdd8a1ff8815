import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import { securityEventsPageSchema, securityEventsQuerySchema } from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { staffUserParamsSchema } from '@meeet/core/api/staff';
import { Role } from '@meeet/core/roles';

/** A user's security events, for admins on the staff user page. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    securityPaths.staffEvents(':userId'),
    {
      onRequest: app.requireRole(Role.ADMIN),
      schema: {
        tags: ['staff'],
        security: [{ bearerAuth: [] }],
        summary: "A user's security events, newest first (admins)",
        params: staffUserParamsSchema,
        querystring: securityEventsQuerySchema,
        response: { 200: securityEventsPageSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => app.security.list(request.params.userId, request.query.page),
  );
};
