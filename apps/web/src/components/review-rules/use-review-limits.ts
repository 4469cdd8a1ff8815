import { useQuery } from '@tanstack/react-query';
import { reviewLimitsSchema } from '@meeet/core/api/review-rules';
import { reviewRulesPaths } from '@meeet/core/api/review-rules-paths';
import { api } from '../../lib/api-client.ts';

export const reviewLimitsKey = ['review-rules', 'limits'] as const;

/** GET /review-rules: the limits a campaign must keep and the review time target. */
export function useReviewLimits() {
  return useQuery({
    queryKey: reviewLimitsKey,
    queryFn: async () => {
      const result = await api.get(reviewRulesPaths.limits, undefined, reviewLimitsSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data;
    },
  });
}
