import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cpaPartnerLevelSchema,
  cpaPartnerListSchema,
  cpaPayoutSchema,
  type CpaLevel,
  type CpaPayoutRequest,
} from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

const partnersKey = [...cpaKey, 'partners'] as const;

/** GET /cpa/partners (admins): totals and fraud signals per partner. */
export async function listCpaPartners() {
  const result = await api.get(cpaPaths.partners, undefined, cpaPartnerListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.items;
}

export function useCpaPartners() {
  return useQuery({ queryKey: partnersKey, queryFn: listCpaPartners });
}

/** POST /cpa/rewards (admins): pays everything a partner earned, on chain as REWARD. */
export function payCpaPartner(body: CpaPayoutRequest) {
  return api.post(cpaPaths.rewards, body, cpaPayoutSchema);
}

/** PATCH /cpa/partners/{userId} (admins). */
export function setCpaPartnerLevel({ userId, level }: { userId: number; level: CpaLevel }) {
  return api.patch(cpaPaths.partner(userId), { level }, cpaPartnerLevelSchema);
}

function usePartnerMutation<A, R extends { ok: boolean }>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}

export const usePayCpaPartner = () => usePartnerMutation(payCpaPartner);
export const useSetCpaPartnerLevel = () => usePartnerMutation(setCpaPartnerLevel);
