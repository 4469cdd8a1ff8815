import { useQuery, type QueryKey } from '@tanstack/react-query';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import type { TransactionStatus } from '@meeet/core/enums';
import { api } from './api-client.ts';
import { moneySchema } from './money-schemas.ts';

/** How often a transaction still on its way is asked about, besides the socket event. */
export const PENDING_POLL_MS = 3_000;

const FINAL: ReadonlySet<string> = new Set<TransactionStatus>(['CONFIRMED', 'FAIL', 'CANCELED']);

/** Whether a transaction status is final (confirmed, failed or canceled). */
export function isFinalStatus(status: string): boolean {
  return FINAL.has(status);
}

/** GET /crypto/transaction/{id}: one of the user's transactions. */
export async function getTransaction(id: number) {
  const result = await api.get(
    cryptoPaths.transaction(id),
    undefined,
    moneySchema('transactionSchema'),
  );
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/**
 * Follows transaction `id` (none while null) until it is confirmed, failed or canceled, under
 * the feature's own query key; `pollMs` says how often to ask while it is not final.
 */
export function useFollowedTransaction(
  id: number | null,
  queryKey: QueryKey,
  pollMs: (status: string | undefined) => number = () => PENDING_POLL_MS,
) {
  return useQuery({
    queryKey,
    queryFn: () => getTransaction(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && isFinalStatus(status)) return false;
      return pollMs(status);
    },
  });
}
