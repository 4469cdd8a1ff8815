import { useQuery } from '@tanstack/react-query';
import { cpaLandingListSchema } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

/** GET /cpa/landings: the pages a link may lead to. */
export async function listCpaLandings() {
  const result = await api.get(cpaPaths.landings, undefined, cpaLandingListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.items;
}

export function useCpaLandings() {
  return useQuery({ queryKey: [...cpaKey, 'landings'], queryFn: listCpaLandings });
}
