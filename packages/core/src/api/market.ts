import { z } from 'zod';
import { nftTypeSchema } from '../enum-schemas.ts';
import { transactionSchema, zUnits } from './crypto.ts';

// The marketplace contract: every market call's request and response (spec §3 NFT, §4
// marketplace purchase and token rules, §7 /crypto/market, /crypto/market/nft/{id},
// /crypto/nft/buy; §8 marketplace messages; §9 prices). Money is a decimal string of the
// smallest unit, as in crypto.ts. Paths are in market-paths.ts. Changes here are additive only.

/** An EVM address as the server writes it (EIP-55 checksummed). */
const address = z.string();

/**
 * Why the caller may not buy a level now, most important first. The web shows one message per
 * reason (market.reason.<code>); the buy call refuses with the same code in `details.reason`.
 */
export const marketBuyReasonSchema = z.enum([
  /** Holds a token of this level already (one per level): market.already-have-nft. */
  'already-holds-level',
  /** Prepaid and waiting in this level's queue. */
  'already-queued',
  /** A purchase of this level is on its way (signed, not yet final). */
  'purchase-pending',
  /** Gold and Platinum need approved KYC. */
  'kyc-required',
  /** KYC is approved, but its maxNftType is below this level. */
  'kyc-level-too-low',
  /** Less USDT at the address than the price. */
  'insufficient-usdt',
  /** Less BNB at the address than the gas of approve + buy. */
  'insufficient-bnb',
  /** The market contract is not deployed on this chain. */
  'market-unavailable',
]);
export type MarketBuyReason = z.infer<typeof marketBuyReasonSchema>;

/** The caller's own state for one level (absent for a guest). */
export const marketLevelMineSchema = z.object({
  /** The token of this level the caller holds, else null. */
  token: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** 1 = next to be served; null when not queued. */
  queuePosition: z.number().int().nullable(),
  /** USDT prepaid into the queue (smallest units), null when not queued. */
  prepaid: zUnits.nullable(),
  /** The BUY_NFT transaction of an open purchase or queue entry, else null. */
  transactionId: z.number().int().nullable(),
  canBuy: z.boolean(),
  /** Empty when canBuy. */
  reasons: z.array(marketBuyReasonSchema),
});
export type MarketLevelMine = z.infer<typeof marketLevelMineSchema>;

export const marketLevelSchema = z.object({
  /** SILVER=0, GOLD=1, PLATINUM=2. */
  level: nftTypeSchema,
  /** 'Silver', 'Gold', 'Platinum'. */
  name: z.string(),
  /** USDT smallest units (100 / 1000 / 10000 USDT). */
  price: zUnits,
  /** Tokens the market holds for sale now. */
  stock: z.number().int(),
  /** Buyers waiting with full prepayment. */
  queueLength: z.number().int(),
  /** Ids (decimal text) of the first tokens of the stock, whose pages and art anyone may see. */
  forSale: z.array(z.string()).default([]),
  /** True when a buy now would queue (no stock). */
  queues: z.boolean(),
  /** KYC needed to buy this level (Gold and Platinum). */
  kycRequired: z.boolean(),
  /** Null for a guest. */
  mine: marketLevelMineSchema.nullable(),
});
export type MarketLevel = z.infer<typeof marketLevelSchema>;

/** `GET /crypto/market` (login optional). */
export const marketResponseSchema = z.object({
  /** False when the market contract is not deployed: nothing can be bought. */
  available: z.boolean(),
  symbol: z.literal('USDT'),
  decimals: z.number().int(),
  nativeSymbol: z.literal('BNB'),
  nativeDecimals: z.number().int(),
  /** Wei per gas unit now. */
  gasPrice: zUnits,
  /** BNB (wei) a purchase needs at most: gas of approve + buy at the current gas price. */
  buyFee: zUnits,
  levels: z.array(marketLevelSchema),
  /** The caller's address and balances; null for a guest. */
  account: z
    .object({
      address,
      /** USDT at the address (latest block). */
      usdt: zUnits,
      /** BNB at the address (wei). */
      bnb: zUnits,
    })
    .nullable(),
});
export type MarketResponse = z.infer<typeof marketResponseSchema>;

export const marketNftParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** One event of a token's life the market recorded. */
export const marketNftEventSchema = z.object({
  /** 'bought': sold from the market's stock or served from its queue. */
  event: z.enum(['bought']),
  /** ISO time the sale was final. */
  at: z.string(),
  /** The purchase's transaction hash, and its explorer page when one is configured. */
  hash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});
export type MarketNftEvent = z.infer<typeof marketNftEventSchema>;

/** `GET /crypto/market/nft/{id}` (login optional). */
export const marketNftResponseSchema = z.object({
  /** On-chain token id, decimal text. */
  id: z.string(),
  type: nftTypeSchema,
  /** 'Silver #12'. */
  name: z.string(),
  /** The two parents of a token minted after a meeting; empty for genesis stock. */
  generators: z.array(z.object({ address, userId: z.number().int().nullable() })),
  owner: z.object({
    address,
    /** Our user holding it, else null (the market itself, or an outside address). */
    userId: z.number().int().nullable(),
    /** True while the token is in the market's stock. */
    market: z.boolean(),
    /** True when the caller holds it. */
    mine: z.boolean(),
  }),
  /** Always null: a minted token is never queued (spec §3 keeps the field). */
  queuePosition: z.number().int().nullable(),
  /** Its sales through the market, newest first; who bought is not told (public). */
  history: z.array(marketNftEventSchema),
});
export type MarketNftResponse = z.infer<typeof marketNftResponseSchema>;

/** `POST /crypto/nft/buy` body; needs the Idempotency-Key header. */
export const buyNftRequestSchema = z.strictObject({ level: nftTypeSchema });
export type BuyNftRequest = z.infer<typeof buyNftRequestSchema>;

/**
 * 202 answer of buy. Follow `transaction` (BUY_NFT) with `GET /crypto/transaction/{id}` or
 * the socket `wallet` event: PROCESSING while on its way; CONFIRMED once the token is the
 * buyer's (at once from stock, or when the queue serves them); PENDING while prepaid in the
 * queue; FAIL (reverted or refused); CANCELED when the buyer left the queue or was refunded.
 */
export const buyNftResponseSchema = z.object({
  level: nftTypeSchema,
  /** The APPROVE that preceded the buy, when the allowance was short; else null. */
  approve: transactionSchema.nullable(),
  transaction: transactionSchema,
});
export type BuyNftResponse = z.infer<typeof buyNftResponseSchema>;

/** `POST /crypto/market/queue/leave` body; needs the Idempotency-Key header. */
export const leaveQueueRequestSchema = z.strictObject({ level: nftTypeSchema });
export type LeaveQueueRequest = z.infer<typeof leaveQueueRequestSchema>;

/**
 * 202 answer of leave: `transaction` is the leaveQueue call (type BUY_NFT, amount = refund);
 * once it is CONFIRMED the queued purchase (`purchaseTransactionId`) is CANCELED.
 */
export const leaveQueueResponseSchema = z.object({
  level: nftTypeSchema,
  purchaseTransactionId: z.number().int(),
  transaction: transactionSchema,
});
export type LeaveQueueResponse = z.infer<typeof leaveQueueResponseSchema>;

/** `POST /crypto/market/mint` body (admin only): genesis stock of a level. */
export const mintStockRequestSchema = z.strictObject({
  level: nftTypeSchema,
  count: z.number().int().min(1).max(100),
});
export type MintStockRequest = z.infer<typeof mintStockRequestSchema>;

export const mintStockResponseSchema = z.object({
  level: nftTypeSchema,
  /** Ids minted, decimal text, in mint order. */
  tokenIds: z.array(z.string()),
  hash: z.string(),
  /** How many went straight to queued buyers (the rest joined the stock). */
  served: z.number().int(),
  stock: z.number().int(),
  queueLength: z.number().int(),
});
export type MintStockResponse = z.infer<typeof mintStockResponseSchema>;
