import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessModerateParamsSchema,
  businessModerateRequestSchema,
  businessModerationDetailSchema,
  businessModerationListQuerySchema,
  businessModerationListSchema,
} from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { errorBodySchema } from '@meeet/core/api/errors';
import { Role } from '@meeet/core/roles';
import { authOf } from '../../plugins/auth.ts';
import { businessRoute, refusals } from './business-route-parts.ts';

/** The control area: the business queue, one business's page, decisions (moderators, admins). */
export const businessControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const business = app.business;
  const moderator = businessRoute(app.requireRole(Role.MODERATOR));

  app.get(
    businessPaths.moderateList,
    moderator('Business accounts to review (moderators and admins)', {
      querystring: businessModerationListQuerySchema,
      response: { 200: businessModerationListSchema },
    }),
    (request) => business.list(request.query),
  );

  app.get(
    '/business/moderate/:id',
    moderator('One business: details, decisions, spots (moderators and admins)', {
      params: businessModerateParamsSchema,
      response: { 200: businessModerationDetailSchema, 404: errorBodySchema },
    }),
    (request) => business.detail(request.params.id),
  );

  app.patch(
    '/business/moderate/:id',
    moderator('Approve, ask for more, refuse, suspend or reinstate a business', {
      params: businessModerateParamsSchema,
      body: businessModerateRequestSchema,
      response: { 200: businessModerationDetailSchema, ...refusals },
    }),
    (request) => business.decide(authOf(request), request.params.id, request.body),
  );
};
