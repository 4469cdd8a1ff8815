import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cpaStatsSchema, type CpaStatsQuery } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

/** GET /cpa/stats (from, to): totals, every day and every link of the period. */
export async function getCpaStats(query: CpaStatsQuery) {
  const result = await api.get(cpaPaths.stats, { ...query }, cpaStatsSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useCpaStats(query: CpaStatsQuery) {
  return useQuery({
    queryKey: [...cpaKey, 'stats', query],
    queryFn: () => getCpaStats(query),
    placeholderData: keepPreviousData,
  });
}
