import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignSchema, type CampaignSave } from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey } from './list-campaigns.ts';

/** POST /campaigns: a new draft. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignSave) => api.post(campaignsPaths.mine, body, campaignSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
}
