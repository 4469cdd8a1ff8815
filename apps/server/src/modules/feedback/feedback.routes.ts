import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackRequestSchema, okResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { publicRouteOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';

export const feedbackRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const service = app.feedback;

  const open = publicRouteOptions(['user']);

  app.post(
    userPaths.feedback,
    {
      ...open('Write to support (signed in or not)', {
        body: feedbackRequestSchema,
        response: { 200: okResponseSchema },
      }),
      config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      // Optional sign-in: a stale token just makes the message anonymous.
      const auth = await request.authenticate();
      await service.submit(request.body, auth?.user.id ?? null, request.locale);
      return { ok: true as const };
    },
  );
};
