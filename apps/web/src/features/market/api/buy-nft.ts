import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyNftRequest } from '@meeet/core/api/market';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { marketPaths } from '@meeet/core/api/market-paths';
import { api } from '../../../lib/api-client.ts';
import { moneySchema } from '../../../lib/money-schemas.ts';
import { marketKeys } from './query-keys.ts';

export interface BuyNftCall {
  body: BuyNftRequest;
  /** One key per purchase the user confirms, the same on every retry of it. */
  idempotencyKey: string;
}

/** POST /crypto/nft/buy: from stock, or the queue with full prepayment (202). */
export function buyNft({ body, idempotencyKey }: BuyNftCall) {
  return api.post(marketPaths.buy, body, moneySchema('buyNftResponseSchema'), {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useBuyNft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyNft,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
}
