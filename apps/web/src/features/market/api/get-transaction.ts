import { useQuery } from '@tanstack/react-query';
import { transactionSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import type { TransactionStatus } from '@meeet/core/enums';
import { api } from '../../../lib/api-client.ts';
import { marketKeys } from './query-keys.ts';

/** How often a purchase still on its way is asked about, besides the socket event. */
const PENDING_POLL_MS = 3_000;
/** A prepaid queue place can wait long; it is asked about less often. */
const QUEUED_POLL_MS = 10_000;

const FINAL: ReadonlySet<string> = new Set<TransactionStatus>(['CONFIRMED', 'FAIL', 'CANCELED']);

export function isFinalStatus(status: string): boolean {
  return FINAL.has(status);
}

/** GET /crypto/transaction/{id}: the BUY_NFT row of a purchase. */
export async function getTransaction(id: number) {
  const result = await api.get(cryptoPaths.transaction(id), undefined, transactionSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/** Follows a purchase until it is confirmed, failed or canceled. */
export function usePurchaseTransaction(id: number | null) {
  return useQuery({
    queryKey: marketKeys.transaction(id ?? 0),
    queryFn: () => getTransaction(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && isFinalStatus(status)) return false;
      return status === 'PENDING' ? QUEUED_POLL_MS : PENDING_POLL_MS;
    },
  });
}
