import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cpaConversionListSchema } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

/** GET /cpa/conversions (offset, limit): newest first. */
export async function listCpaConversions(query: { offset: number; limit: number }) {
  const result = await api.get(cpaPaths.conversions, { ...query }, cpaConversionListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useCpaConversions(query: { offset: number; limit: number }) {
  return useQuery({
    queryKey: [...cpaKey, 'conversions', query],
    queryFn: () => listCpaConversions(query),
    placeholderData: keepPreviousData,
  });
}
