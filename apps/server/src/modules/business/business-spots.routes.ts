import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ownSpotListSchema,
  ownSpotSchema,
  spotInputSchema,
  spotListSchema,
  spotParamsSchema,
  spotsNearbyQuerySchema,
  visitedSpotsSchema,
} from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { errorBodySchema } from '@meeet/core/api/errors';
import { okResponseSchema } from '@meeet/core/api/user';
import { authOf } from '../../plugins/auth.ts';
import { businessRoute, refusals } from './business-route-parts.ts';

/** The venue's meeting spots, the map's spots nearby, and the caller's meetings at spots. */
export const businessSpotsRoutes: FastifyPluginAsyncZod = async (app) => {
  const business = app.business;
  const signedIn = businessRoute(app.requireAuth);

  app.get(
    businessPaths.mySpots,
    signedIn("Your venue's meeting spots with how many meetings each hosted", {
      response: { 200: ownSpotListSchema },
    }),
    (request) => business.mySpots(authOf(request)),
  );

  app.post(
    businessPaths.mySpots,
    signedIn('Publish a meeting spot (approved venues)', {
      body: spotInputSchema,
      response: { 201: ownSpotSchema, ...refusals },
    }),
    async (request, reply) =>
      reply.code(201).send(await business.createSpot(authOf(request), request.body)),
  );

  app.put(
    '/business/spots/:id',
    signedIn('Change one of your meeting spots', {
      params: spotParamsSchema,
      body: spotInputSchema,
      response: { 200: ownSpotSchema, ...refusals },
    }),
    (request) => business.updateSpot(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/business/spots/:id',
    signedIn('Remove one of your meeting spots', {
      params: spotParamsSchema,
      response: { 200: okResponseSchema, 404: errorBodySchema },
    }),
    async (request) => {
      await business.deleteSpot(authOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    businessPaths.spotsNearby,
    signedIn('Meeting spots of approved venues near a point (the map shows them as places)', {
      querystring: spotsNearbyQuerySchema,
      response: { 200: spotListSchema },
    }),
    (request) => business.nearby(request.query),
  );

  app.get(
    businessPaths.spotsVisited,
    signedIn('Your meetings held at a meeting spot', { response: { 200: visitedSpotsSchema } }),
    (request) => business.visited(authOf(request)),
  );
};
