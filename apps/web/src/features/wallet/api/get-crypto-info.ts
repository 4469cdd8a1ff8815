import { useQuery } from '@tanstack/react-query';
import { cryptoInfoResponseSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { walletKeys } from './query-keys.ts';

/** GET /crypto: network, symbols, decimals, explorer, whether test funding works. */
export async function getCryptoInfo() {
  const result = await api.get(cryptoPaths.info, undefined, cryptoInfoResponseSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useCryptoInfo() {
  return useQuery({ queryKey: walletKeys.info, queryFn: getCryptoInfo, staleTime: Infinity });
}
