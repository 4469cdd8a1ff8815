import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adCampaignListSchema,
  adCampaignSchema,
  adStatsSchema,
  type AdCampaignSave,
} from '@meeet/core/api/ads';
import { adsPaths } from '@meeet/core/api/ads-paths';
import { api } from '../../../lib/api-client.ts';

export const adCampaignsKey = ['control', 'ads'] as const;

/** GET /ads/campaigns. */
export async function listAdCampaigns() {
  const result = await api.get(adsPaths.campaigns, undefined, adCampaignListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.list;
}

export function useAdCampaigns() {
  return useQuery({ queryKey: adCampaignsKey, queryFn: listAdCampaigns });
}

/** GET /ads/campaigns/{id}/stats: per day served, impressions, clicks, CTR. */
export async function getAdStats(id: number) {
  const result = await api.get(adsPaths.stats(id), undefined, adStatsSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useAdStats(id: number) {
  return useQuery({ queryKey: [...adCampaignsKey, 'stats', id], queryFn: () => getAdStats(id) });
}

/** POST /ads/campaigns: creates, or updates when the body has an id. */
export function saveAdCampaign(body: AdCampaignSave) {
  return api.post(adsPaths.campaigns, body, adCampaignSchema);
}

export function useSaveAdCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdCampaign,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: adCampaignsKey });
    },
  });
}
