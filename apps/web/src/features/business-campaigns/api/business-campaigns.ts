import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessCampaignsSchema,
  campaignSchema,
  type CampaignSuspend,
} from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';

const keyOf = (businessId: number) => ['control', 'business', businessId, 'campaigns'] as const;

/** GET /control/businesses/{id}/campaigns: one business's campaigns with spend (moderators). */
export function useBusinessCampaigns(businessId: number) {
  return useQuery({
    queryKey: keyOf(businessId),
    queryFn: async () => {
      const result = await api.get(
        campaignsPaths.ofBusiness(businessId),
        undefined,
        businessCampaignsSchema,
      );
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data.list;
    },
  });
}

/** POST /control/campaigns/{id}/suspend: stop a running or paused campaign with a reason. */
export function useSuspendCampaign(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CampaignSuspend }) =>
      api.post(campaignsPaths.suspend(id), body, campaignSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: keyOf(businessId) });
    },
  });
}
