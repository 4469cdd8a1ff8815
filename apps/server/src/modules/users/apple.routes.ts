import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appleCallbackBodySchema,
  appleRegistrationRequestSchema,
  appleStatusResponseSchema,
  authResponseSchema,
} from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { publicRouteOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { clientContext } from '../../plugins/auth.ts';

const tags = ['user'];
/** Apple's form post is a few kilobytes (an identity token, a code, a state). */
const FORM_BODY_LIMIT = 64 * 1024;

/** Sign in with Apple: the redirect out, Apple's form post back, and finishing registration. */
export const appleRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { apple } = app;

  // Scoped to this plugin: only Apple's callback takes form posts. @fastify/formbody is not a
  // dependency, and URLSearchParams is all a flat form needs.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const open = publicRouteOptions(tags);
  const limited = publicRouteOptions(tags, {
    config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } },
  });

  app.get(
    userPaths.appleStatus,
    open('Whether Sign in with Apple is configured (clients hide its button otherwise)', {
      response: { 200: appleStatusResponseSchema },
    }),
    () => ({ enabled: apple.enabled }),
  );

  app.get(userPaths.apple, open("Redirect to Apple's sign-in page", {}), async (_request, reply) =>
    // A browser navigation: when Apple is not configured, the web app's Apple page explains
    // it, instead of a JSON error page.
    apple.enabled
      ? reply.redirect(await apple.authorizeUrl(), 302)
      : reply.redirect(`${config.publicUrl}/apple-login#error=unavailable`, 302),
  );

  app.post(
    userPaths.appleCallback,
    limited('Apple posts the identity token here; redirects to /apple-login#token|ticket|error', {
      consumes: ['application/x-www-form-urlencoded'],
      body: appleCallbackBodySchema,
    }),
    async (request, reply) =>
      reply.redirect(await apple.callback(request.body, clientContext(request)), 302),
  );

  app.post(
    userPaths.appleSuccessRegistration,
    limited('Finish a first Sign in with Apple with the ticket from the callback', {
      body: appleRegistrationRequestSchema,
      response: { 201: authResponseSchema },
    }),
    async (request, reply) => {
      const result = await apple.completeRegistration(
        request.body,
        clientContext(request),
        request.locale,
      );
      return reply.code(201).send(result);
    },
  );
};
