import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterRequestSchema,
  passkeyRemoveRequestSchema,
} from '@meeet/core/api/factors';
import { FACTOR_HEADER, factorsPaths } from '@meeet/core/api/factors-paths';
import { authResponseSchema, okResponseSchema } from '@meeet/core/api/user';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import { authOf, clientContext } from '../../plugins/auth.ts';
import { factorHeader } from '../../plugins/factor-header.ts';
import { errorBodySchema } from '@meeet/core/api/errors';

const tags = ['factors'];
const refusals = { 403: errorBodySchema, 429: errorBodySchema };

export interface RouteLimits {
  authLimit: { rateLimit: { max: number; timeWindow: number } };
}

/** Passkeys: the WebAuthn ceremonies, sign-in by passkey, removal. Routes only route. */
export const passkeysRoutes: FastifyPluginAsyncZod<RouteLimits> = async (app, { authLimit }) => {
  const { factors, users } = app;
  const signedInLimited = routeOptions(tags, app.requireAuth, { config: authLimit });
  const openLimited = publicRouteOptions(tags, { config: authLimit });

  app.post(
    factorsPaths.passkeyRegisterOptions,
    signedInLimited('Options for navigator.credentials.create', {
      response: { 200: passkeyOptionsResponseSchema },
    }),
    async (request) => ({ options: await factors.passkeyRegistrationOptions(authOf(request)) }),
  );

  app.post(
    factorsPaths.passkeyRegister,
    signedInLimited(`Store a new passkey (a factor in ${FACTOR_HEADER} if one exists)`, {
      body: passkeyRegisterRequestSchema,
      response: { 200: okResponseSchema, ...refusals },
    }),
    async (request) => {
      await factors.registerPasskey(authOf(request), request.body, factorHeader(request));
      return { ok: true as const };
    },
  );

  app.post(
    factorsPaths.passkeyAssertOptions,
    openLimited('Options for navigator.credentials.get: step-up when signed in, else sign-in', {
      response: { 200: passkeyOptionsResponseSchema },
    }),
    async (request) => ({
      options: await factors.passkeyAssertionOptions(await request.authenticate()),
    }),
  );

  app.post(
    factorsPaths.passkeyLogin,
    openLimited('Sign in with a passkey instead of a password', {
      body: passkeyLoginRequestSchema,
      response: { 200: authResponseSchema, ...refusals },
    }),
    async (request) => {
      const userId = await factors.passkeySignIn(request.body.response);
      return users.signInVerified(userId, clientContext(request));
    },
  );

  app.post(
    factorsPaths.passkeyRemove,
    signedInLimited(`Remove a passkey (a factor in ${FACTOR_HEADER})`, {
      body: passkeyRemoveRequestSchema,
      response: { 200: okResponseSchema, ...refusals },
    }),
    async (request) => {
      await factors.removePasskey(authOf(request), request.body.id, factorHeader(request));
      return { ok: true as const };
    },
  );
};
