import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewLimitsSchema,
  reviewRulesSchema,
  reviewRulesViewSchema,
} from '@meeet/core/api/review-rules';
import { reviewRulesPaths } from '@meeet/core/api/review-rules-paths';
import { Role } from '@meeet/core/roles';
import { authOf } from '../../plugins/auth.ts';

const tags = ['campaigns'];
const security = [{ bearerAuth: [] }];

/** The review rules: signed-in users read the limits, moderators all, admins change them. */
export const reviewRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = app.reviewRules;

  app.get(
    reviewRulesPaths.limits,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The limits a campaign must keep and the review time target',
        response: { 200: reviewLimitsSchema },
      },
    },
    () => rules.limits(),
  );

  app.get(
    reviewRulesPaths.control,
    {
      onRequest: app.requireRole(Role.MODERATOR),
      schema: {
        tags,
        security,
        summary: 'Moderators: the review rules of campaigns',
        response: { 200: reviewRulesViewSchema },
      },
    },
    () => rules.view(),
  );

  app.put(
    reviewRulesPaths.control,
    {
      onRequest: app.requireRole(Role.ADMIN),
      schema: {
        tags,
        security,
        summary: 'Admins: change the review rules (audited)',
        body: reviewRulesSchema,
        response: { 200: reviewRulesViewSchema },
      },
    },
    (request) => rules.update(authOf(request), request.body),
  );
};
