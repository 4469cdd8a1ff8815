/**
 * Paths of the wallet and chain calls under /api (spec §7), one place for server routes and
 * web calls. Free of zod so a page can name a call without downloading the schemas.
 */
export const cryptoPaths = {
  /** Chain facts: network, chain id, symbols, decimals, contract addresses, explorer. */
  info: '/crypto',
  /** The BNB fee of a USDT transfer now. */
  fee: '/crypto/fee',
  /** The caller's wallet (spec §3 Wallet) with their tokens. */
  wallet: '/crypto/wallet',
  /** The caller's transactions, filtered and paged. */
  transactions: '/crypto/transaction',
  transaction: (id: number | string) => `/crypto/transaction/${encodeURIComponent(String(id))}`,
  /** Two steps: without `code` mails a code; with `code` sends (needs an Idempotency-Key). */
  withdraw: '/crypto/wallet/withdraw/',
  /** The caller's saved withdrawal addresses (GET), and saving one (POST). */
  addresses: '/crypto/wallet/addresses',
  address: (id: number | string) => `/crypto/wallet/addresses/${encodeURIComponent(String(id))}`,
  /** The "only to saved addresses" switch (PATCH). */
  onlySaved: '/crypto/wallet/addresses/only-saved',
  /** Development only (local chain): mints test USDT and sends BNB to the caller's address. */
  devFund: '/crypto/dev/fund',
} as const;

/**
 * Header every money-moving call carries: a client-made unique string (a UUID) per user
 * action. Sending the same key again returns the first answer instead of acting twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
