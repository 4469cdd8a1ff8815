import { useFollowedTransaction } from '../../../lib/transaction.ts';
import { walletKeys } from './query-keys.ts';

/** Follows a transaction until it is confirmed, failed or canceled. */
export function useTransaction(id: number | null) {
  return useFollowedTransaction(id, walletKeys.transaction(id ?? 0));
}
