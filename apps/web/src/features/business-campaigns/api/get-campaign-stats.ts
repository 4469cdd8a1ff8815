import { useQuery } from '@tanstack/react-query';
import { campaignStatsSchema } from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey } from './list-campaigns.ts';

/** GET /campaigns/{id}/stats: per UTC day served, impressions, clicks, CTR and charge. */
export function useCampaignStats(id: number) {
  return useQuery({
    queryKey: [...campaignsKey, id, 'stats'],
    queryFn: async () => {
      const result = await api.get(campaignsPaths.stats(id), undefined, campaignStatsSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data;
    },
    retry: false,
  });
}
