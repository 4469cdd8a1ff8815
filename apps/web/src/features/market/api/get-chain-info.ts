import { useQuery } from '@tanstack/react-query';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { moneySchema } from '../../../lib/money-schemas.ts';
import { marketKeys } from './query-keys.ts';

/** GET /crypto: the token contract's address and the block explorer, for the token dialog. */
export async function getChainInfo() {
  const result = await api.get(
    cryptoPaths.info,
    undefined,
    moneySchema('cryptoInfoResponseSchema'),
  );
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useChainInfo(enabled: boolean) {
  return useQuery({
    queryKey: [...marketKeys.all, 'chain'] as const,
    queryFn: getChainInfo,
    staleTime: Infinity,
    enabled,
  });
}
