import { useQuery } from '@tanstack/react-query';
import { marketPaths } from '@meeet/core/api/market-paths';
import { api } from '../../../lib/api-client.ts';
import { moneySchema } from '../../../lib/money-schemas.ts';
import { marketKeys } from './query-keys.ts';

/** GET /crypto/market/nft/{id}: one token's level, name, generators and owner. */
export async function getNft(id: string) {
  const result = await api.get(
    marketPaths.nft(id),
    undefined,
    moneySchema('marketNftResponseSchema'),
  );
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useNft(id: string | null) {
  return useQuery({
    queryKey: marketKeys.nft(id ?? ''),
    queryFn: () => getNft(id ?? ''),
    enabled: id !== null,
    retry: false,
  });
}
