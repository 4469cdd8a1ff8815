import type { TransactionStatus, TransactionType } from '@meeet/core/enums';

/** GET /crypto/transaction query as this page sends it (core's schema coerces its input). */
export interface TransactionsQuery {
  type?: TransactionType;
  status?: TransactionStatus;
  offset: number;
  limit: number;
  [key: string]: string | number | undefined;
}

/** Every wallet query lives under ['wallet']: one invalidation refreshes them all. */
export const walletKeys = {
  all: ['wallet'] as const,
  info: ['wallet', 'info'] as const,
  fee: ['wallet', 'fee'] as const,
  wallet: ['wallet', 'wallet'] as const,
  addresses: ['wallet', 'addresses'] as const,
  transactions: (query: TransactionsQuery) => ['wallet', 'transactions', query] as const,
  transaction: (id: number) => ['wallet', 'transaction', id] as const,
};
