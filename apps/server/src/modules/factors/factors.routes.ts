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
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';
import { factorHeader } from '../../plugins/factor-header.ts';
import { passkeysRoutes } from './passkeys.routes.ts';

const tags = ['factors'];
const MINUTE = 60_000;
const refusals = { 403: errorBodySchema, 429: errorBodySchema };

/** Second factors: status, TOTP and recovery codes (passkeys in passkeys.routes.ts). */
export const factorsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { factors } = app;
  const authLimit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };
  await app.register(passkeysRoutes, { authLimit });

  const signedIn = routeOptions(tags, app.requireAuth);
  const signedInLimited = routeOptions(tags, app.requireAuth, { config: authLimit });

  app.get(
    factorsPaths.status,
    signedIn("The caller's second factors", { response: { 200: factorStatusSchema } }),
    (request) => factors.status(authOf(request)),
  );

  app.post(
    factorsPaths.totpSetup,
    signedInLimited('Start a TOTP enrolment: a secret and its otpauth:// URI', {
      response: { 200: totpSetupResponseSchema },
    }),
    (request) => factors.setupTotp(authOf(request)),
  );

  app.post(
    factorsPaths.totpEnable,
    signedInLimited('Turn TOTP on with a code from the app; answers the recovery codes once', {
      body: totpEnableRequestSchema,
      response: { 200: recoveryCodesResponseSchema, ...refusals },
    }),
    (request) => factors.enableTotp(authOf(request), request.body.code, factorHeader(request)),
  );

  app.post(
    factorsPaths.totpDisable,
    signedInLimited(`Turn TOTP off (a factor in ${FACTOR_HEADER})`, {
      response: { 200: okResponseSchema, ...refusals },
    }),
    async (request) => {
      await factors.disableTotp(authOf(request), factorHeader(request));
      return { ok: true as const };
    },
  );

  app.post(
    factorsPaths.recoveryRegenerate,
    signedInLimited(`New recovery codes (a factor in ${FACTOR_HEADER})`, {
      response: { 200: recoveryCodesResponseSchema, ...refusals },
    }),
    (request) => factors.regenerateRecoveryCodes(authOf(request), factorHeader(request)),
  );
};
