import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignPriceSchema, type CampaignPriceSet } from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';

const priceKey = ['control', 'campaign-price'] as const;

/** GET /control/campaign-price: USDT smallest units per 1,000 impressions. */
export function useCampaignPrice() {
  return useQuery({
    queryKey: priceKey,
    queryFn: async () => {
      const result = await api.get(campaignsPaths.price, undefined, campaignPriceSchema);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data;
    },
  });
}

/** PUT /control/campaign-price (admins). */
export function useSetCampaignPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignPriceSet) =>
      api.put(campaignsPaths.price, body, campaignPriceSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: priceKey });
    },
  });
}
