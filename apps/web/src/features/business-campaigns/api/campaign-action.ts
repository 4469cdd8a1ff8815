import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignSchema } from '@meeet/core/api/campaigns';
import { campaignsPaths, type CampaignAction } from '@meeet/core/api/campaigns-paths';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey } from './list-campaigns.ts';

/** POST /campaigns/{id}/{action}: submit, pause, resume, end (an empty JSON body: the client sends JSON). */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CampaignAction }) =>
      api.post(campaignsPaths.action(id, action), {}, campaignSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
}
