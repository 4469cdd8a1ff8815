import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackRequestSchema, okResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import type { AppConfig } from '../../config.ts';

export const feedbackRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const service = app.feedback;

  app.post(
    userPaths.feedback,
    {
      config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['user'],
        summary: 'Write to support (signed in or not)',
        body: feedbackRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      // Optional sign-in: a stale token just makes the message anonymous.
      const auth = await request.authenticate();
      await service.submit(request.body, auth?.user.id ?? null, request.locale);
      return { ok: true as const };
    },
  );
};
