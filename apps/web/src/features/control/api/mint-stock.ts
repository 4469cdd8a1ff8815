import { useMutation } from '@tanstack/react-query';
import { mintStockResponseSchema, type MintStockRequest } from '@meeet/core/api/market';
import { marketPaths } from '@meeet/core/api/market-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /crypto/market/mint (admin only): genesis stock of a level into the market. */
export function mintStock(body: MintStockRequest) {
  return api.post(marketPaths.mint, body, mintStockResponseSchema);
}

export function useMintStock() {
  return useMutation({ mutationFn: mintStock });
}
