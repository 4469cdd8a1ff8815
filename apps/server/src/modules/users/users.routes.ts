import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  codeSentResponseSchema,
  domainAvailableResponseSchema,
  domainParamsSchema,
  promocodeParamsSchema,
  promocodeValidResponseSchema,
  emailCodeParamsSchema,
  loginRequestSchema,
  okResponseSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  recoveryCheckCodeRequestSchema,
  registerRequestSchema,
  sendCodeRequestSchema,
  userIdParamsSchema,
  userPrivateSchema,
  userPublicSchema,
} from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf, clientContext } from '../../plugins/auth.ts';
import { appleRoutes } from './apple.routes.ts';
import { factorHeader } from '../../plugins/factor-header.ts';

const tags = ['user'];
const MINUTE = 60_000;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The route options of this file: open or signed in, with the login or the auth rate limit. */
function routeKinds(app: App, config: AppConfig) {
  const loginLimit = { rateLimit: { max: config.limits.loginPerIpPerMinute, timeWindow: MINUTE } };
  const authLimit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };
  return {
    authLimit,
    openLoginLimited: publicRouteOptions(tags, { config: loginLimit }),
    signedIn: routeOptions(tags, app.requireAuth),
    openLimited: publicRouteOptions(tags, { config: authLimit }),
    open: publicRouteOptions(tags),
    signedInLimited: routeOptions(tags, app.requireAuth, { config: authLimit }),
  };
}

type RouteKinds = ReturnType<typeof routeKinds>;

/** Every /user call of spec §7. Routes only translate HTTP to the service and back. */
export const usersRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const kinds = routeKinds(app, config);
  sessionRoutes(app, kinds);
  profileRoutes(app, kinds);
  codeRoutes(app, kinds);
  await app.register(appleRoutes, { config });
};

/** Signing in and out, the signed-in user, and registration. */
function sessionRoutes(app: App, { openLoginLimited, signedIn, openLimited }: RouteKinds): void {
  const { users } = app;

  app.post(
    userPaths.login,
    openLoginLimited('Sign in with e-mail and password', {
      body: loginRequestSchema,
      response: { 200: authResponseSchema },
    }),
    (request) => users.login(request.body, clientContext(request), factorHeader(request)),
  );

  app.post(
    userPaths.logout,
    signedIn('End this session', { response: { 200: okResponseSchema } }),
    async (request) => {
      await users.logout(authOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    userPaths.me,
    signedIn('The signed-in user', { response: { 200: userPrivateSchema } }),
    (request) => users.me(authOf(request)),
  );

  app.post(
    userPaths.register,
    openLimited('Create an account and sign in', {
      body: registerRequestSchema,
      response: { 201: authResponseSchema },
    }),
    async (request, reply) => {
      const result = await users.register(request.body, clientContext(request), request.locale);
      return reply.code(201).send(result);
    },
  );
}

/** The profile, the password, and the checks made while a user types. */
function profileRoutes(app: App, { signedIn, openLimited, open, authLimit }: RouteKinds): void {
  const { users } = app;

  app.post(
    userPaths.profileUpdate,
    signedIn('Change the profile (names only until KYC is approved)', {
      body: profileUpdateRequestSchema,
      response: { 200: userPrivateSchema },
    }),
    (request) => users.updateProfile(authOf(request), request.body),
  );

  app.post(
    userPaths.passwordChange,
    {
      ...signedIn('Change or set the password; other sessions end', {
        body: passwordChangeRequestSchema,
        response: { 200: okResponseSchema },
      }),
      preHandler: app.requireFactor,
      config: authLimit,
    },
    async (request) => {
      await users.changePassword(authOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/user/profile/:id',
    signedIn("Another user's public profile", {
      params: userIdParamsSchema,
      response: { 200: userPublicSchema },
    }),
    (request) => users.publicProfile(request.params.id),
  );

  app.get(
    '/user/promocode-valid/:code',
    openLimited('Whether a promo code names a user (checked while the user types it)', {
      params: promocodeParamsSchema,
      response: { 200: promocodeValidResponseSchema },
    }),
    async (request) => ({ valid: await users.isPromocodeValid(request.params.code) }),
  );

  app.get(
    '/user/domain-available/:domain',
    open('Whether a nickname is free (your own counts as free)', {
      params: domainParamsSchema,
      response: { 200: domainAvailableResponseSchema },
    }),
    async (request) => ({
      available: await users.isDomainAvailable(request.params.domain, await request.authenticate()),
    }),
  );
}

/** The mailed codes: password recovery and e-mail confirmation. */
function codeRoutes(app: App, { openLimited, signedInLimited }: RouteKinds): void {
  const { users } = app;

  app.post(
    userPaths.recoverySendCode,
    openLimited('Mail a password recovery code', {
      body: sendCodeRequestSchema,
      response: { 200: codeSentResponseSchema },
    }),
    async (request) => {
      const { retryAfterSeconds } = await users.sendRecoveryCode(request.body.email);
      return { sent: true as const, retryAfterSeconds };
    },
  );

  app.post(
    userPaths.recoveryCheckCode,
    openLimited('Set a new password with the mailed code; every session ends', {
      body: recoveryCheckCodeRequestSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await users.recoverPassword(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    userPaths.emailVerifySendCode,
    signedInLimited('Mail an e-mail confirmation code', {
      response: { 200: codeSentResponseSchema },
    }),
    async (request) => {
      const { retryAfterSeconds } = await users.sendEmailVerifyCode(authOf(request));
      return { sent: true as const, retryAfterSeconds };
    },
  );

  app.post(
    '/user/email/verify/check/:code',
    signedInLimited('Confirm the e-mail with the mailed code', {
      params: emailCodeParamsSchema,
      response: { 200: userPrivateSchema },
    }),
    (request) => users.verifyEmail(authOf(request), request.params.code),
  );
}
