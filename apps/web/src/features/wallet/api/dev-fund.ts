import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devFundResponseSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { walletKeys } from './query-keys.ts';

/** POST /crypto/dev/fund (local chain only): test USDT and BNB to the user's address. */
export function devFund() {
  // An empty JSON object: the server's defaults (1000 USDT, 1 BNB).
  return api.post(cryptoPaths.devFund, {}, devFundResponseSchema);
}

export function useDevFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: devFund,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
