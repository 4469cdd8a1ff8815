import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  staffActionRequestSchema,
  staffSearchQuerySchema,
  staffSearchResultSchema,
  staffUserDetailSchema,
  staffUserParamsSchema,
} from '@meeet/core/api/staff';
import { staffPaths } from '@meeet/core/api/staff-paths';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';
import { staffSectionRoutes } from './staff-sections.routes.ts';

const tags = ['staff'];
const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The control area's users: search, a user's page, admin actions with an audit trail. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app;
  await app.register(staffSectionRoutes);

  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    staffPaths.search,
    moderator('Find users by e-mail, nickname, id or deposit address (moderators, admins)', {
      querystring: staffSearchQuerySchema,
      response: { 200: staffSearchResultSchema, ...refusals },
    }),
    (request) => staff.search(authOf(request), request.query.q),
  );

  app.get(
    staffPaths.user(':userId'),
    moderator("A user's page: profile, sessions, KYC, tokens; the audit trail for admins", {
      params: staffUserParamsSchema,
      response: { 200: staffUserDetailSchema, ...refusals },
    }),
    (request) => staff.user(authOf(request), request.params.userId),
  );

  app.post(
    staffPaths.action(':userId'),
    admin('Ban, unban, change role, revoke sessions, lift a device lock, re-open KYC (admins)', {
      params: staffUserParamsSchema,
      body: staffActionRequestSchema,
      response: { 200: staffUserDetailSchema, 409: errorBodySchema, ...refusals },
    }),
    (request) => staff.act(authOf(request), request.params.userId, request.body),
  );
};
