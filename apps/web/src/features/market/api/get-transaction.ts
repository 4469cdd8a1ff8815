import { PENDING_POLL_MS, useFollowedTransaction } from '../../../lib/transaction.ts';
import { marketKeys } from './query-keys.ts';

/** A prepaid queue place can wait long; it is asked about less often. */
const QUEUED_POLL_MS = 10_000;

/** Follows a purchase's BUY_NFT row until it is confirmed, failed or canceled. */
export function usePurchaseTransaction(id: number | null) {
  return useFollowedTransaction(id, marketKeys.transaction(id ?? 0), (status) =>
    status === 'PENDING' ? QUEUED_POLL_MS : PENDING_POLL_MS,
  );
}
