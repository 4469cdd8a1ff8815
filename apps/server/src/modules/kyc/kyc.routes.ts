import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kycModerateParamsSchema,
  kycLevelRequestSchema,
  kycModerateRequestSchema,
  kycModerationItemSchema,
  kycModerationListQuerySchema,
  kycModerationListSchema,
  kycStateSchema,
} from '@meeet/core/api/kyc';
import { errorBodySchema } from '@meeet/core/api/errors';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['kyc'];

/** The user's own verification and its moderation (spec §4, §7). */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { kyc } = app;

  const signedIn = routeOptions(tags, app.requireAuth);
  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));

  app.get(
    kycPaths.state,
    signedIn('Your verification: status, steps, photos, decisions', {
      response: { 200: kycStateSchema },
    }),
    (request) => kyc.state(authOf(request)),
  );

  app.post(
    kycPaths.submit,
    signedIn('Submit your verification for review', { response: { 200: kycStateSchema } }),
    (request) => kyc.submit(authOf(request)),
  );

  app.post(
    kycPaths.levelRequest,
    signedIn('Verified: ask for a higher NFT level than the approval allows', {
      body: kycLevelRequestSchema,
      response: { 200: kycStateSchema, 400: errorBodySchema, 409: errorBodySchema },
    }),
    (request) => kyc.requestLevel(authOf(request), request.body.level),
  );

  app.get(
    kycPaths.moderateList,
    moderator('Verifications to moderate (moderators and admins)', {
      querystring: kycModerationListQuerySchema,
      response: { 200: kycModerationListSchema },
    }),
    (request) => kyc.list(request.auth, request.query),
  );

  app.patch(
    '/kyc/moderate/:id',
    moderator("Decide a user's verification (moderators and admins)", {
      params: kycModerateParamsSchema,
      body: kycModerateRequestSchema,
      response: { 200: kycModerationItemSchema },
    }),
    (request) => kyc.moderate(authOf(request), request.params.id, request.body),
  );
};
