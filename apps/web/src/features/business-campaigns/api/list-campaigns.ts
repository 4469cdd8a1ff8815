import { useQuery } from '@tanstack/react-query';
import { campaignListSchema, campaignSchema } from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';

export const campaignsKey = ['business', 'campaigns'] as const;

/** GET /campaigns: the signed-in business's campaigns (403 for anyone else). */
export function useCampaigns() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: async () => {
      const result = await api.get(campaignsPaths.mine, undefined, campaignListSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data.list;
    },
    retry: false,
  });
}

/** GET /campaigns/{id}. */
export function useCampaign(id: number) {
  return useQuery({
    queryKey: [...campaignsKey, id],
    queryFn: async () => {
      const result = await api.get(campaignsPaths.one(id), undefined, campaignSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data;
    },
    retry: false,
  });
}
