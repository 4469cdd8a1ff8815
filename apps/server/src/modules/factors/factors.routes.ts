import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  factorStatusSchema,
  recoveryCodesResponseSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
} from '@meeet/core/api/factors';
import { FACTOR_HEADER, factorsPaths } from '@meeet/core/api/factors-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';
import { factorHeader } from '../../plugins/factor-header.ts';
import { passkeysRoutes } from './passkeys.routes.ts';

const tags = ['factors'];
const bearer = [{ bearerAuth: [] }];
const MINUTE = 60_000;
const refusals = { 403: errorBodySchema, 429: errorBodySchema };

/** Second factors: status, TOTP and recovery codes (passkeys in passkeys.routes.ts). */
export const factorsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { factors } = app;
  const authLimit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };
  const signedIn = { onRequest: app.requireAuth, config: authLimit };
  await app.register(passkeysRoutes, { authLimit });

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
};
