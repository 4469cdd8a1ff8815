import { useQuery } from '@tanstack/react-query';
import { walletResponseSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { walletKeys } from './query-keys.ts';

/**
 * Balances are what the chain says; the socket's wallet events refresh them at once, this slow
 * poll covers a socket that is down (a deposit arriving while it reconnects).
 */
const WALLET_POLL_MS = 15_000;

/** GET /crypto/wallet: address, balances, withdrawable amount, fee, tokens. */
export async function getWallet() {
  const result = await api.get(cryptoPaths.wallet, undefined, walletResponseSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useWallet() {
  return useQuery({
    queryKey: walletKeys.wallet,
    queryFn: getWallet,
    refetchInterval: WALLET_POLL_MS,
  });
}
