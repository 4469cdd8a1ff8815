import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  factorStatusSchema,
  passkeyRemoveRequestSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterRequestSchema,
  recoveryCodesResponseSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
} from '@meeet/core/api/factors';
import { FACTOR_HEADER, factorsPaths } from '@meeet/core/api/factors-paths';
import { authResponseSchema, okResponseSchema } from '@meeet/core/api/user';
import type { AppConfig } from '../../config.ts';
import { authOf, clientContext } from '../../plugins/auth.ts';
import { factorHeader } from '../../plugins/factor-header.ts';

const tags = ['factors'];
const bearer = [{ bearerAuth: [] }];
const MINUTE = 60_000;
const refusals = { 403: errorBodySchema, 429: errorBodySchema };

/** Second factors: enrol, remove, passkey ceremonies and sign-in by passkey. Routes only route. */
export const factorsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { factors, users } = app;
  const authLimit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };
  const signedIn = { onRequest: app.requireAuth, config: authLimit };

  app.get(
    factorsPaths.status,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: "The caller's second factors",
        response: { 200: factorStatusSchema },
      },
    },
    (request) => factors.status(authOf(request)),
  );

  app.post(
    factorsPaths.totpSetup,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Start a TOTP enrolment: a secret and its otpauth:// URI',
        response: { 200: totpSetupResponseSchema },
      },
    },
    (request) => factors.setupTotp(authOf(request)),
  );

  app.post(
    factorsPaths.totpEnable,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Turn TOTP on with a code from the app; answers the recovery codes once',
        body: totpEnableRequestSchema,
        response: { 200: recoveryCodesResponseSchema, ...refusals },
      },
    },
    (request) => factors.enableTotp(authOf(request), request.body.code, factorHeader(request)),
  );

  app.post(
    factorsPaths.totpDisable,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: `Turn TOTP off (a factor in ${FACTOR_HEADER})`,
        response: { 200: okResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await factors.disableTotp(authOf(request), factorHeader(request));
      return { ok: true as const };
    },
  );

  app.post(
    factorsPaths.recoveryRegenerate,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: `New recovery codes (a factor in ${FACTOR_HEADER})`,
        response: { 200: recoveryCodesResponseSchema, ...refusals },
      },
    },
    (request) => factors.regenerateRecoveryCodes(authOf(request), factorHeader(request)),
  );

  app.post(
    factorsPaths.passkeyRegisterOptions,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Options for navigator.credentials.create',
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => ({ options: await factors.passkeyRegistrationOptions(authOf(request)) }),
  );

  app.post(
    factorsPaths.passkeyRegister,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: `Store a new passkey (a factor in ${FACTOR_HEADER} if one exists)`,
        body: passkeyRegisterRequestSchema,
        response: { 200: okResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await factors.registerPasskey(authOf(request), request.body, factorHeader(request));
      return { ok: true as const };
    },
  );

  app.post(
    factorsPaths.passkeyAssertOptions,
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Options for navigator.credentials.get: step-up when signed in, else sign-in',
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => ({
      options: await factors.passkeyAssertionOptions(await request.authenticate()),
    }),
  );

  app.post(
    factorsPaths.passkeyLogin,
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Sign in with a passkey instead of a password',
        body: passkeyLoginRequestSchema,
        response: { 200: authResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const userId = await factors.passkeySignIn(request.body.response);
      return users.signInVerified(userId, clientContext(request));
    },
  );

  app.post(
    factorsPaths.passkeyRemove,
    {
      ...signedIn,
      schema: {
        tags,
        security: bearer,
        summary: `Remove a passkey (a factor in ${FACTOR_HEADER})`,
        body: passkeyRemoveRequestSchema,
        response: { 200: okResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await factors.removePasskey(authOf(request), request.body.id, factorHeader(request));
      return { ok: true as const };
    },
  );
};
