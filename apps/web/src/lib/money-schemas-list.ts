// The response schemas of the market and of followed transactions, in one module the market
// loads lazily and a step at a time (lib/money-schemas.ts). Nothing else should import it.
export {
  buyNftResponseSchema,
  leaveQueueResponseSchema,
  marketNftResponseSchema,
  marketResponseSchema,
} from '@meeet/core/api/market';
export {
  cryptoInfoResponseSchema,
  transactionListResponseSchema,
  transactionSchema,
} from '@meeet/core/api/crypto';
