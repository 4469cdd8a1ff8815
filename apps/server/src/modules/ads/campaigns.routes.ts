import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessCampaignsSchema,
  campaignActionParamsSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignPriceSchema,
  campaignPriceSetSchema,
  campaignQueueSchema,
  campaignReviewSchema,
  campaignSaveSchema,
  campaignSchema,
  campaignStatsSchema,
  campaignSuspendSchema,
} from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';
import { statsCsv } from './campaigns.service.ts';

const tags = ['campaigns'];

/**
 * Businesses' campaigns (the owner's cabinet), their review (moderators) and the price per
 * 1,000 impressions (admins). Paths mirror `campaignsPaths` in packages/core.
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  ownerRoutes(app);
  statsRoutes(app);
  controlRoutes(app);
  priceRoutes(app);
};

type Api = Parameters<FastifyPluginAsyncZod>[0];

/** The business's own campaigns: every service call checks the caller's business. */
function ownerRoutes(app: Api): void {
  const campaigns = app.campaigns;
  const owner = routeOptions(tags, app.requireAuth);

  app.get(
    '/campaigns',
    owner('Your business’s campaigns', { response: { 200: campaignListSchema } }),
    (request) => campaigns.list(authOf(request)),
  );

  app.post(
    '/campaigns',
    owner('Create a campaign (a draft; submit it for review)', {
      body: campaignSaveSchema,
      response: { 200: campaignSchema },
    }),
    (request) => campaigns.create(authOf(request), request.body),
  );

  app.get(
    '/campaigns/:id',
    owner('One of your campaigns', {
      params: campaignIdParamsSchema,
      response: { 200: campaignSchema },
    }),
    (request) => campaigns.get(authOf(request), request.params.id),
  );

  app.put(
    '/campaigns/:id',
    owner('Edit a campaign not yet approved (it returns to draft)', {
      params: campaignIdParamsSchema,
      body: campaignSaveSchema,
      response: { 200: campaignSchema },
    }),
    (request) => campaigns.update(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/campaigns/:id/:action',
    owner('Submit for review, pause, resume (needs a day’s balance) or end a campaign', {
      params: campaignActionParamsSchema,
      response: { 200: campaignSchema },
    }),
    (request) => campaigns.act(authOf(request), request.params.id, request.params.action),
  );
}

/** A campaign's statistics for its owner, as JSON and as CSV. */
function statsRoutes(app: Api): void {
  const campaigns = app.campaigns;
  const owner = routeOptions(tags, app.requireAuth);

  app.get(
    '/campaigns/:id/stats',
    owner('Served, impressions, clicks and charges of a campaign per UTC day', {
      params: campaignIdParamsSchema,
      response: { 200: campaignStatsSchema },
    }),
    (request) => campaigns.stats(authOf(request), request.params.id),
  );

  app.get(
    '/campaigns/:id/stats.csv',
    owner('The statistics as CSV', { params: campaignIdParamsSchema }),
    async (request, reply) => {
      const stats = await campaigns.stats(authOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${stats.campaignId}.csv"`)
        .send(statsCsv(stats));
    },
  );
}

/** Moderators review, list a business's campaigns and suspend one. */
function controlRoutes(app: Api): void {
  const campaigns = app.campaigns;
  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));

  app.get(
    '/control/campaigns',
    moderator('Moderators: campaigns waiting for review', {
      response: { 200: campaignQueueSchema },
    }),
    () => campaigns.queue(),
  );

  app.post(
    '/control/campaigns/:id/review',
    moderator('Moderators: approve or refuse (with a reason) a pending campaign', {
      params: campaignIdParamsSchema,
      body: campaignReviewSchema,
      response: { 200: campaignSchema },
    }),
    (request) => campaigns.review(request.params.id, request.body),
  );

  app.post(
    campaignsPaths.suspend(':id'),
    moderator('Moderators: stop a running or paused campaign with a reason (mailed)', {
      params: campaignIdParamsSchema,
      body: campaignSuspendSchema,
      response: { 200: campaignSchema },
    }),
    (request) => campaigns.suspend(request.params.id, request.body.reason),
  );

  app.get(
    campaignsPaths.ofBusiness(':id'),
    moderator('Moderators: one business’s campaigns with their status and spend', {
      params: campaignIdParamsSchema,
      response: { 200: businessCampaignsSchema },
    }),
    (request) => campaigns.campaignsOfBusiness(request.params.id),
  );
}

/** Admins set the price; moderators read it. */
function priceRoutes(app: Api): void {
  const campaigns = app.campaigns;
  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    '/control/campaign-price',
    moderator('The price per 1,000 impressions', { response: { 200: campaignPriceSchema } }),
    () => campaigns.price(),
  );

  app.put(
    '/control/campaign-price',
    admin('Admins: set the price per 1,000 impressions (USDT as typed)', {
      body: campaignPriceSetSchema,
      response: { 200: campaignPriceSchema },
    }),
    (request) => campaigns.setPrice(authOf(request), request.body.pricePerThousand),
  );
}
