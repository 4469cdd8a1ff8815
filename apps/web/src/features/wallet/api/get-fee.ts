import { useQuery } from '@tanstack/react-query';
import { feeResponseSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { walletKeys } from './query-keys.ts';

/** Gas prices move; the fee shown beside a withdrawal is re-read this often. */
const FEE_REFRESH_MS = 30_000;

/** GET /crypto/fee: the BNB a USDT transfer costs now. */
export async function getFee() {
  const result = await api.get(cryptoPaths.fee, undefined, feeResponseSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useFee() {
  return useQuery({ queryKey: walletKeys.fee, queryFn: getFee, refetchInterval: FEE_REFRESH_MS });
}
