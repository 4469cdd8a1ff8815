import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAddressRequestSchema,
  addressBookResponseSchema,
  addressIdParamsSchema,
  onlySavedRequestSchema,
  savedAddressSchema,
} from '@meeet/core/api/custody';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { errorBodySchema } from '@meeet/core/api/errors';
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['crypto'];
const MINUTE = 60_000;

/** The withdrawal address book (issue 45): list, save (mail + hold), remove, the switch. */
export const addressBookRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const custody = app.wallet.custody;
  const limit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };

  const signedIn = routeOptions(tags, app.requireAuth);
  // Changing where money may go asks for a second factor, and is rate limited.
  const withFactor = routeOptions(tags, app.requireAuth, {
    preHandler: app.requireFactor,
    config: limit,
  });

  app.get(
    cryptoPaths.addresses,
    signedIn("The caller's saved withdrawal addresses and the only-saved switch", {
      response: { 200: addressBookResponseSchema },
    }),
    (request) => custody.book(authOf(request).user.id),
  );

  app.post(
    cryptoPaths.addresses,
    withFactor('Save a withdrawal address: a mail names it; it may receive funds after the hold', {
      body: addAddressRequestSchema,
      response: { 201: savedAddressSchema, 409: errorBodySchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await custody.add(authOf(request), request.body)),
  );

  app.delete(
    '/crypto/wallet/addresses/:id',
    withFactor('Remove a saved withdrawal address (at once); the book as it is afterwards', {
      params: addressIdParamsSchema,
      response: { 200: addressBookResponseSchema, 404: errorBodySchema },
    }),
    (request) => custody.remove(authOf(request).user.id, request.params.id),
  );

  app.patch(
    cryptoPaths.onlySaved,
    withFactor('Withdraw only to saved addresses (true) or to any address (false)', {
      body: onlySavedRequestSchema,
      response: { 200: addressBookResponseSchema },
    }),
    (request) => custody.setOnlySaved(authOf(request).user.id, request.body.onlySaved),
  );
};
