import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessApplySchema, businessSchema, myBusinessSchema } from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { authOf } from '../../plugins/auth.ts';
import { businessRoute, refusals } from './business-route-parts.ts';
import { businessControlRoutes } from './business-control.routes.ts';
import { businessSpotsRoutes } from './business-spots.routes.ts';

/** Business accounts: the owner's cabinet; spots and the control area in their own files. */
export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const business = app.business;
  const owner = businessRoute(app.requireAuth);

  app.get(
    businessPaths.mine,
    owner('Your business account, or null before you apply', {
      response: { 200: myBusinessSchema },
    }),
    (request) => business.mine(authOf(request)),
  );

  app.post(
    businessPaths.mine,
    owner('Apply for a business account (again after "needs more" or a refusal)', {
      body: businessApplySchema,
      response: { 200: businessSchema, ...refusals },
    }),
    (request) => business.apply(authOf(request), request.body),
  );

  await app.register(businessSpotsRoutes);
  await app.register(businessControlRoutes);
};
