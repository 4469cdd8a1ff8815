import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { transactionListResponseSchema } from '@meeet/core/api/crypto';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { walletKeys, type TransactionsQuery } from './query-keys.ts';

/** GET /crypto/transaction: the user's transactions, newest first, filtered and paged. */
export async function listTransactions(query: TransactionsQuery) {
  const result = await api.get(cryptoPaths.transactions, query, transactionListResponseSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useTransactions(query: TransactionsQuery) {
  return useQuery({
    queryKey: walletKeys.transactions(query),
    queryFn: () => listTransactions(query),
    placeholderData: keepPreviousData,
  });
}
