import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignQueueSchema,
  campaignSchema,
  type CampaignReview,
} from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';

const queueKey = ['control', 'campaigns'] as const;

/** GET /control/campaigns: campaigns waiting for review (moderators). */
export function useReviewQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: async () => {
      const result = await api.get(campaignsPaths.reviewQueue, undefined, campaignQueueSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data.list;
    },
  });
}

/** POST /control/campaigns/{id}/review. */
export function useReviewCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CampaignReview }) =>
      api.post(campaignsPaths.review(id), body, campaignSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: queueKey });
    },
  });
}
