import { useQuery } from '@tanstack/react-query';
import { cpaRewardsSchema } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

/** GET /cpa/rewards: the caller's payouts, earned, paid and owed. */
export async function getCpaRewards() {
  const result = await api.get(cpaPaths.rewards, undefined, cpaRewardsSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useCpaRewards() {
  return useQuery({ queryKey: [...cpaKey, 'rewards'], queryFn: getCpaRewards });
}
