import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cpaConversionListSchema,
  cpaConversionsQuerySchema,
  cpaLandingListSchema,
  cpaLinkCreateSchema,
  cpaLinkListSchema,
  cpaLinkParamsSchema,
  cpaLinkSchema,
  cpaLinksQuerySchema,
  cpaLinkUpdateSchema,
  cpaLinkWithSecretSchema,
  cpaPartnerListSchema,
  cpaPartnerParamsSchema,
  cpaPartnerUpdateSchema,
  cpaPayoutRequestSchema,
  cpaPayoutSchema,
  cpaPostbackListSchema,
  cpaPostbackParamsSchema,
  cpaPostbackSchema,
  cpaPostbacksQuerySchema,
  cpaRewardsSchema,
  cpaSettingsSchema,
  cpaStatsQuerySchema,
  cpaStatsSchema,
  cpaPartnerLevelSchema,
} from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { errorBodySchema } from '@meeet/core/api/errors';
import { Role } from '@meeet/core/roles';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['cpa'];
const okSchema = z.object({ ok: z.literal(true) });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A partner's links: list, create, edit, delete, a new secret. */
function linkRoutes(app: App): void {
  const cpa = app.cpa;

  const signedIn = routeOptions(tags, app.requireAuth);

  app.get(
    cpaPaths.links,
    signedIn('The caller’s links with their figures (admins: any partner’s by userId)', {
      querystring: cpaLinksQuerySchema,
      response: { 200: cpaLinkListSchema, 404: errorBodySchema },
    }),
    (request) => cpa.listLinks(authOf(request), request.query.userId),
  );

  app.post(
    cpaPaths.links,
    signedIn('Create a link; the answer holds its postback secret, shown this once', {
      body: cpaLinkCreateSchema,
      response: { 201: cpaLinkWithSecretSchema, 400: errorBodySchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await cpa.createLink(authOf(request), request.body)),
  );

  app.patch(
    '/cpa/links/:id',
    signedIn('Edit one of the caller’s links (an empty callbackUrl removes it)', {
      params: cpaLinkParamsSchema,
      body: cpaLinkUpdateSchema,
      response: { 200: cpaLinkSchema, 400: errorBodySchema, 404: errorBodySchema },
    }),
    (request) => cpa.updateLink(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/cpa/links/:id',
    signedIn('Delete one of the caller’s links (its figures stay)', {
      params: cpaLinkParamsSchema,
      response: { 200: okSchema, 404: errorBodySchema },
    }),
    async (request) => {
      await cpa.deleteLink(authOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/cpa/links/:id/secret',
    signedIn('A new postback secret for a link, shown this once', {
      params: cpaLinkParamsSchema,
      response: { 200: cpaLinkWithSecretSchema, 404: errorBodySchema },
    }),
    (request) => cpa.renewSecret(authOf(request), request.params.id),
  );
}

/** Where links lead and what they pay; the payouts owed and paid. */
function offerRoutes(app: App): void {
  const cpa = app.cpa;

  const signedIn = routeOptions(tags, app.requireAuth);
  const open = publicRouteOptions(tags);
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    cpaPaths.landings,
    open('The landing pages a link may lead to', { response: { 200: cpaLandingListSchema } }),
    () => cpa.landings(),
  );

  app.get(
    cpaPaths.settings,
    signedIn('Payout per action and partner level (USDT smallest units)', {
      response: { 200: cpaSettingsSchema },
    }),
    () => cpa.settings(),
  );

  app.put(
    cpaPaths.settings,
    admin('Admin: set the payouts; conversions keep the payout they were made with', {
      body: cpaSettingsSchema,
      response: { 200: cpaSettingsSchema },
    }),
    (request) => cpa.updateSettings(request.body),
  );

  app.get(
    cpaPaths.rewards,
    signedIn('The caller’s payouts and what is earned, paid and still owed', {
      response: { 200: cpaRewardsSchema },
    }),
    (request) => cpa.rewards(authOf(request)),
  );

  app.post(
    cpaPaths.rewards,
    admin('Admin: pay a partner everything earned, on chain as REWARD (amount must match)', {
      body: cpaPayoutRequestSchema,
      response: { 201: cpaPayoutSchema, 409: errorBodySchema, 503: errorBodySchema },
    }),
    async (request, reply) => reply.code(201).send(await cpa.pay(authOf(request), request.body)),
  );
}

/** Admin: the partners and their levels. */
function partnerRoutes(app: App): void {
  const cpa = app.cpa;

  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    cpaPaths.partners,
    admin('Admin: partners with their totals and fraud signals', {
      response: { 200: cpaPartnerListSchema },
    }),
    () => cpa.partners(),
  );

  app.patch(
    '/cpa/partners/:userId',
    admin('Admin: set a partner’s level', {
      params: cpaPartnerParamsSchema,
      body: cpaPartnerUpdateSchema,
      response: { 200: cpaPartnerLevelSchema },
    }),
    (request) => cpa.setPartnerLevel(request.params.userId, request.body.level),
  );
}

/** A partner's figures, conversions and postbacks. */
function reportRoutes(app: App): void {
  const cpa = app.cpa;

  const signedIn = routeOptions(tags, app.requireAuth);

  app.get(
    cpaPaths.stats,
    signedIn('The caller’s figures per day and per link (default: the last 30 days)', {
      querystring: cpaStatsQuerySchema,
      response: { 200: cpaStatsSchema, 400: errorBodySchema },
    }),
    (request) => cpa.stats(authOf(request), request.query),
  );

  app.get(
    cpaPaths.conversions,
    signedIn('The caller’s conversions, newest first', {
      querystring: cpaConversionsQuerySchema,
      response: { 200: cpaConversionListSchema },
    }),
    (request) => cpa.conversions(authOf(request), request.query),
  );

  app.get(
    cpaPaths.postbacks,
    signedIn('The caller’s postbacks with every delivery attempt', {
      querystring: cpaPostbacksQuerySchema,
      response: { 200: cpaPostbackListSchema },
    }),
    (request) => cpa.postbacks(authOf(request), request.query),
  );

  app.post(
    '/cpa/postbacks/:id/resend',
    signedIn('Send a postback again now', {
      params: cpaPostbackParamsSchema,
      response: { 200: cpaPostbackSchema, 404: errorBodySchema },
    }),
    (request) => cpa.resendPostback(authOf(request), request.params.id),
  );
}

/** The /cpa calls of spec §7 and the cabinet's. Routes only translate HTTP to `app.cpa`. */
export const cpaRoutes: FastifyPluginAsyncZod = async (app) => {
  linkRoutes(app);
  offerRoutes(app);
  partnerRoutes(app);
  reportRoutes(app);
};
