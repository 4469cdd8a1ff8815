import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  referralCodeParamsSchema,
  referralListParamsSchema,
  referralListQuerySchema,
  referralListResponseSchema,
  referralRewardsQuerySchema,
  referralRewardsResponseSchema,
  referralSaveResponseSchema,
  referralSettingsSchema,
  referralStatsResponseSchema,
  referralTrackResponseSchema,
} from '@meeet/core/api/referral';
import { referralPaths } from '@meeet/core/api/referral-paths';
import { Role } from '@meeet/core/roles';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf, clientContext } from '../../plugins/auth.ts';

const tags = ['referral'];

/** The referral calls of spec §7. Routes only translate HTTP. */
export const referralRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { referral } = app;

  const open = publicRouteOptions(tags);
  const signedIn = routeOptions(tags, app.requireAuth);
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    '/referral/track/:code',
    {
      ...open('Count a click of a promo link (once per visitor and code per 24 h; no bots)', {
        params: referralCodeParamsSchema,
        response: { 200: referralTrackResponseSchema, 400: errorBodySchema },
      }),
      config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } },
    },
    (request) => referral.track(request.params.code, clientContext(request)),
  );

  app.post(
    '/referral/save/:code',
    signedIn('Join the tree under a code (within 24 h of registering, once)', {
      params: referralCodeParamsSchema,
      response: { 200: referralSaveResponseSchema, 400: errorBodySchema, 409: errorBodySchema },
    }),
    (request) =>
      referral.save(authOf(request), request.params.code, clientContext(request).fingerprint),
  );

  app.get(
    referralPaths.list,
    signedIn('The caller’s direct referrals, paged', {
      querystring: referralListQuerySchema,
      response: { 200: referralListResponseSchema },
    }),
    (request) => referral.list(authOf(request), null, request.query),
  );

  app.get(
    '/referral/list/:userId',
    signedIn('Direct referrals of a user inside the caller’s three levels, paged', {
      params: referralListParamsSchema,
      querystring: referralListQuerySchema,
      response: { 200: referralListResponseSchema, 404: errorBodySchema },
    }),
    (request) => referral.list(authOf(request), request.params.userId, request.query),
  );

  app.get(
    referralPaths.rewards,
    signedIn('The caller’s rewards, newest first, by period and source', {
      querystring: referralRewardsQuerySchema,
      response: { 200: referralRewardsResponseSchema },
    }),
    (request) => referral.rewards(authOf(request), request.query),
  );

  app.get(
    referralPaths.stats,
    signedIn('The caller’s totals and figures for the last 7, 14 and 30 days', {
      response: { 200: referralStatsResponseSchema },
    }),
    (request) => referral.stats(authOf(request)),
  );

  app.get(
    referralPaths.settings,
    admin('Admin: reward shares per level (basis points)', {
      response: { 200: referralSettingsSchema },
    }),
    () => referral.settings(),
  );

  app.put(
    referralPaths.settings,
    admin('Admin: set the reward shares per level (basis points); history keeps its own', {
      body: referralSettingsSchema,
      response: { 200: referralSettingsSchema },
    }),
    (request) => referral.updateSettings(request.body),
  );
};
