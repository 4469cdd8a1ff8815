import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adCampaignListSchema,
  adCampaignSaveSchema,
  adCampaignSchema,
  adServeQuerySchema,
  adServeResponseSchema,
  adStatsSchema,
  campaignParamsSchema,
  consentRequestSchema,
  impressionParamsSchema,
} from '@meeet/core/api/ads';
import { adsPaths } from '@meeet/core/api/ads-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { Role } from '@meeet/core/roles';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import { requestFingerprint } from '../../plugins/auth.ts';

const tags = ['ads'];

/** Ads of the free tier (house ads and businesses' campaigns), for the web and the app. */
export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ads } = app;
  const viewerOf = async (request: Parameters<typeof requestFingerprint>[0]) => ({
    auth: await request.authenticate(),
    fingerprint: requestFingerprint(request),
  });

  const open = publicRouteOptions(tags);
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.post(
    adsPaths.consent,
    open("Record the cookie banner's consents for this browser (x-fp) and the signed-in user", {
      body: consentRequestSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await ads.saveConsent(await viewerOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    adsPaths.serve,
    open('An ad for a placement (personalised only with the advertising consent)', {
      querystring: adServeQuerySchema,
      response: { 200: adServeResponseSchema },
    }),
    async (request) => ads.serve(await viewerOf(request), request.query),
  );

  app.post(
    '/ads/impressions/:id/seen',
    open('Count an impression: half the ad was visible for a second', {
      params: impressionParamsSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await ads.seen(request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/ads/click/:id',
    open("Count a click once and redirect to the advertiser's link", {
      params: impressionParamsSchema,
    }),
    async (request, reply) => reply.redirect(await ads.click(request.params.id), 302),
  );

  app.get(
    adsPaths.campaigns,
    admin('Admin: the ad campaigns', { response: { 200: adCampaignListSchema } }),
    () => ads.campaigns(),
  );

  app.post(
    adsPaths.campaigns,
    admin('Admin: create a campaign, or update it when the body has an id', {
      body: adCampaignSaveSchema,
      response: { 200: adCampaignSchema },
    }),
    (request) => ads.saveCampaign(request.body),
  );

  app.get(
    '/ads/campaigns/:id/stats',
    admin('Admin: impressions, clicks and CTR of a campaign per day', {
      params: campaignParamsSchema,
      response: { 200: adStatsSchema },
    }),
    (request) => ads.stats(request.params.id),
  );
};
