/** Paths of the campaign review rules under /api (issue 44), free of zod. */
export const reviewRulesPaths = {
  /** Signed-in users: the limits a campaign must keep and the review time target. */
  limits: '/review-rules',
  /** Moderators read all the rules; admins change them (PUT). */
  control: '/control/review-rules',
} as const;
