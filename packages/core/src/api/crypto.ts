import { z } from 'zod';
import { nftTypeSchema, transactionStatusSchema, transactionTypeSchema } from '../enum-schemas.ts';
import { BNB_DECIMALS, USDT_DECIMALS } from '../constants.ts';
import { parseTokenAmount } from '../rules/amount.ts';
import { zCode, zWalletAddress } from '../rules/zod-base.ts';
import { withdrawalHoldSchema } from './custody.ts';

// The wallet and chain contract: every /crypto call's request and response (spec §3 Wallet,
// NFT, transaction status and type; §7 calls; §8 wallet messages). Money on the wire is
// ALWAYS a decimal string of the smallest unit (wei-style integers: '1500000000000000000' is
// 1.5 USDT), never a JSON number; show it with format/number.ts formatTokenAmount. The one
// exception is what a person types: the withdrawal `amount` is decimal USDT text ('1.5').
// Paths are in crypto-paths.ts. Changes here are additive only.

/** An amount in the smallest unit: non-negative integer as decimal text. */
export const zUnits = z.string().regex(/^\d+$/, 'msg.invalid-amount');
/** An EVM address as the server writes it (EIP-55 checksummed). */
const address = z.string();

export const tokenSymbolSchema = z.enum(['USDT', 'BNB']);
export type TokenSymbol = z.infer<typeof tokenSymbolSchema>;

/** `GET /crypto`: what the client needs to talk about the chain. */
export const cryptoInfoResponseSchema = z.object({
  /** 'BSC' (spec §3 Wallet.blockchain). */
  blockchain: z.string(),
  /** 'BEP-20' (spec §3 Wallet.network). */
  network: z.string(),
  chainId: z.number().int(),
  /** 'bsc' (56), 'bsc-testnet' (97), 'local' (the development anvil) or 'custom'. */
  networkName: z.enum(['bsc', 'bsc-testnet', 'local', 'custom']),
  /** True on the development chain, where `POST /crypto/dev/fund` works. */
  devFunding: z.boolean(),
  /** The payment token (USDT) and the native coin (BNB). */
  symbol: z.literal('USDT'),
  decimals: z.number().int(),
  nativeSymbol: z.literal('BNB'),
  nativeDecimals: z.number().int(),
  contracts: z.object({
    usdt: address,
    token: address.nullable(),
    market: address.nullable(),
  }),
  /** Base URL of the block explorer ('https://bscscan.com'), null on the local chain. */
  explorerUrl: z.string().nullable(),
  /** Blocks a deposit waits for; 0 means the chain's `finalized` tag is used. */
  confirmations: z.number().int(),
});
export type CryptoInfoResponse = z.infer<typeof cryptoInfoResponseSchema>;

/** `GET /crypto/fee`: the BNB a USDT transfer costs now (spec §3 Wallet.transfer fee). */
export const feeResponseSchema = z.object({
  symbol: z.literal('BNB'),
  decimals: z.number().int(),
  /** Gas units of a USDT transfer (estimate with margin). */
  gasLimit: zUnits,
  /** Wei per gas unit now. */
  gasPrice: zUnits,
  /** gasLimit × gasPrice, in wei: the BNB a withdrawal needs at the user's address. */
  transferFee: zUnits,
  /** The least BNB balance (wei) that lets the user withdraw; equals transferFee. */
  minBalance: zUnits,
});
export type FeeResponse = z.infer<typeof feeResponseSchema>;

/** A token (NFT) the user holds (spec §3 NFT/token). */
export const walletNftSchema = z.object({
  /** On-chain token id, decimal text. */
  id: z.string(),
  /** SILVER=0, GOLD=1, PLATINUM=2. */
  type: nftTypeSchema,
  name: z.string(),
  /** The two parents (generators) of a minted token; empty for a token sold from stock. */
  generators: z.array(z.object({ address, userId: z.number().int().nullable() })),
  /** Position in the market queue while the token is prepaid and not yet assigned; else null. */
  queuePosition: z.number().int().nullable(),
});
export type WalletNft = z.infer<typeof walletNftSchema>;

/** `GET /crypto/wallet`: every Wallet field of spec §3. All money in smallest units. */
export const walletResponseSchema = z.object({
  /** The user's own deposit address (BIP-44 index = user id). */
  address,
  blockchain: z.string(),
  network: z.string(),
  symbol: z.literal('USDT'),
  decimals: z.number().int(),
  /** USDT at the address, as the chain says (latest block). */
  balance: zUnits,
  /** Same value as `balance` (spec §3 lists both; kept for the spec's client state). */
  amount: zUnits,
  /** USDT held back for withdrawals that are requested or on their way. */
  reserved: zUnits,
  /** balance − reserved, never below 0: the most a withdrawal may take. */
  withdrawable: zUnits,
  nativeSymbol: z.literal('BNB'),
  nativeDecimals: z.number().int(),
  /** BNB at the address (wei). */
  nativeBalance: zUnits,
  /** The BNB fee of a USDT transfer now (wei), as `GET /crypto/fee` transferFee. */
  transferFee: zUnits,
  /** False when nativeBalance < transferFee: the client shows wallet.insufficient-fee. */
  canPayFee: z.boolean(),
  nfts: z.array(walletNftSchema),
  /** Withdrawals paused after a risky change (custody.ts): why and until when; null when not. */
  hold: withdrawalHoldSchema.nullable().optional(),
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;

/** One row of the user's transaction history, mirroring a chain transaction. */
export const transactionSchema = z.object({
  id: z.number().int(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  /** Smallest units of `symbol`. */
  amount: zUnits,
  symbol: tokenSymbolSchema,
  decimals: z.number().int(),
  from: address.nullable(),
  to: address.nullable(),
  /** Null until the transaction is signed and sent. */
  hash: z.string().nullable(),
  /** Explorer page of the hash; null on the local chain or before sending. */
  explorerUrl: z.string().nullable(),
  blockNumber: zUnits.nullable(),
  /** Message key of why a transaction failed or was canceled (translate it); else null. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** While seen in a block but not final: blocks holding it of those it waits for ("3 of 15"). */
  confirmations: z
    .object({ count: z.number().int(), required: z.number().int() })
    .nullable()
    .optional(),
  /** BNB (wei) our own transaction may burn in gas (its limit × price); null for incoming. */
  gasFee: zUnits.nullable().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** `GET /crypto/transaction` query (GET sends its payload as query parameters, spec §7). */
export const transactionListQuerySchema = z.strictObject({
  type: transactionTypeSchema.optional(),
  status: transactionStatusSchema.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionListResponseSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** Newest first. */
  list: z.array(transactionSchema),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

export const transactionIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** Decimal token text typed by a person → smallest units (bigint) after validation. */
export function zTokenAmount(decimals: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'msg.required' : 'msg.invalid-amount',
    })
    .transform((value, ctx) => {
      const result = parseTokenAmount(value, decimals);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.units;
    });
}

/**
 * `POST /crypto/wallet/withdraw/` body. Step 1 without `code`: a code is mailed (nothing is
 * reserved). Step 2 with the mailed `code` and an `Idempotency-Key` header: the amount is
 * reserved and sent. `amount` is USDT as typed ('12.5'), at most 18 decimals.
 */
export const withdrawRequestSchema = z.strictObject({
  address: zWalletAddress('USDT'),
  amount: zTokenAmount(USDT_DECIMALS),
  /** Only USDT is withdrawn; the field exists so BNB can be added without a new call. */
  symbol: z.literal('USDT').optional(),
  code: zCode.optional(),
});
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

/** Step 1 answer (200). */
export const withdrawCodeSentSchema = z.object({
  step: z.literal('code-sent'),
  /** Seconds before another code may be asked for. */
  retryAfterSeconds: z.number().int(),
});
/** Step 2 answer (202): the withdrawal row; follow it with `GET /crypto/transaction/{id}`. */
export const withdrawSubmittedSchema = z.object({
  step: z.literal('submitted'),
  transaction: transactionSchema,
});
export const withdrawResponseSchema = z.discriminatedUnion('step', [
  withdrawCodeSentSchema,
  withdrawSubmittedSchema,
]);
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

/**
 * Body of the INSUFFICIENT_FEE error (422) carries these in `params` too; the message is
 * 'wallet.insufficient-fee' with {balance} and {minFee} already formatted in BNB.
 */
export const insufficientFeeParamsSchema = z.object({
  balance: z.string(),
  minFee: z.string(),
});

/** '0' sends none of a currency (one transaction, e.g. a lone deposit on its way); else an amount. */
const devFundAmount = (decimals: number) =>
  z.union([z.literal('0').transform(() => 0n), zTokenAmount(decimals)]).optional();

/** `POST /crypto/dev/fund` body (development chain only). Decimal text, defaults 1000 / 1. */
export const devFundRequestSchema = z.preprocess(
  (body) => body ?? {},
  z.strictObject({
    usdt: devFundAmount(USDT_DECIMALS),
    bnb: devFundAmount(BNB_DECIMALS),
  }),
);
/** Decimal text as typed ('12.5'); both optional. */
export interface DevFundRequest {
  usdt?: string;
  bnb?: string;
}
export const devFundResponseSchema = z.object({
  address,
  usdt: zUnits,
  bnb: zUnits,
  hashes: z.array(z.string()),
});
export type DevFundResponse = z.infer<typeof devFundResponseSchema>;
