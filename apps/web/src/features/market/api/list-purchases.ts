import { useQuery } from '@tanstack/react-query';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { moneySchema } from '../../../lib/money-schemas.ts';
import { marketKeys } from './query-keys.ts';

/** The latest purchases shown in the account's Marketplace tab. */
const PURCHASES_LIMIT = 10;

/** GET /crypto/transaction?type=BUY_NFT: the user's purchases and queue prepayments. */
export async function listPurchases() {
  const result = await api.get(
    cryptoPaths.transactions,
    { type: 'BUY_NFT', offset: 0, limit: PURCHASES_LIMIT },
    moneySchema('transactionListResponseSchema'),
  );
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function usePurchases() {
  return useQuery({ queryKey: marketKeys.purchases, queryFn: listPurchases });
}
