import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  moderatorAppointRequestSchema,
  moderatorAppointResultSchema,
  moderatorListSchema,
  moderatorParamsSchema,
  moderatorPaths,
} from '@meeet/core/api/moderators';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['staff'];
const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Appointing moderators for levels from each level's earliest holders (admins, spec §6). */
export const moderatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderators } = app;

  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    moderatorPaths.list,
    admin("Each level's earliest holders and the levels they moderate (admins)", {
      response: { 200: moderatorListSchema, ...refusals },
    }),
    (request) => moderators.list(authOf(request)),
  );

  app.post(
    moderatorPaths.appoint(':userId'),
    admin('Appoint a holder as moderator for a level, or remove them from it (admins)', {
      params: moderatorParamsSchema,
      body: moderatorAppointRequestSchema,
      response: { 200: moderatorAppointResultSchema, 409: errorBodySchema, ...refusals },
    }),
    (request) => moderators.appoint(authOf(request), request.params.userId, request.body),
  );
};
