import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewRulesViewSchema, type ReviewRulesInput } from '@meeet/core/api/review-rules';
import { reviewRulesPaths } from '@meeet/core/api/review-rules-paths';
import { reviewLimitsKey } from '../../../components/review-rules/use-review-limits.ts';
import { api } from '../../../lib/api-client.ts';

const rulesKey = ['control', 'review-rules'] as const;

/** GET /control/review-rules (moderators and admins). */
export function useReviewRules() {
  return useQuery({
    queryKey: rulesKey,
    queryFn: async () => {
      const result = await api.get(reviewRulesPaths.control, undefined, reviewRulesViewSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data;
    },
  });
}

/** PUT /control/review-rules (admins). */
export function useSaveReviewRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRulesInput) =>
      api.put(reviewRulesPaths.control, body, reviewRulesViewSchema),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(rulesKey, result.data);
      void queryClient.invalidateQueries({ queryKey: reviewLimitsKey });
    },
  });
}
