import { useQuery } from '@tanstack/react-query';
import { transactionSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import type { TransactionStatus } from '@meeet/core/enums';
import { api } from '../../../lib/api-client.ts';
import { walletKeys } from './query-keys.ts';

/** How often a transaction still on its way is asked about, besides the socket event. */
const PENDING_POLL_MS = 3_000;

const FINAL: ReadonlySet<string> = new Set<TransactionStatus>(['CONFIRMED', 'FAIL', 'CANCELED']);

export function isFinalStatus(status: string): boolean {
  return FINAL.has(status);
}

/** GET /crypto/transaction/{id}: one of the user's transactions. */
export async function getTransaction(id: number) {
  const result = await api.get(cryptoPaths.transaction(id), undefined, transactionSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/** Follows a transaction until it is confirmed, failed or canceled. */
export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: walletKeys.transaction(id ?? 0),
    queryFn: () => getTransaction(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && isFinalStatus(query.state.data.status) ? false : PENDING_POLL_MS,
  });
}
