import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewLimitsSchema,
  reviewRulesSchema,
  reviewRulesViewSchema,
} from '@meeet/core/api/review-rules';
import { reviewRulesPaths } from '@meeet/core/api/review-rules-paths';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['campaigns'];

/** The review rules: signed-in users read the limits, moderators all, admins change them. */
export const reviewRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = app.reviewRules;
  const signedIn = routeOptions(tags, app.requireAuth);
  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    reviewRulesPaths.limits,
    signedIn('The limits a campaign must keep and the review time target', {
      response: { 200: reviewLimitsSchema },
    }),
    () => rules.limits(),
  );

  app.get(
    reviewRulesPaths.control,
    moderator('Moderators: the review rules of campaigns', {
      response: { 200: reviewRulesViewSchema },
    }),
    () => rules.view(),
  );

  app.put(
    reviewRulesPaths.control,
    admin('Admins: change the review rules (audited)', {
      body: reviewRulesSchema,
      response: { 200: reviewRulesViewSchema },
    }),
    (request) => rules.update(authOf(request), request.body),
  );
};
