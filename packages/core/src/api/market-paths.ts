/**
 * Paths of the marketplace calls under /api (spec §7), one place for server routes and web
 * calls. Free of zod so a page can name a call without downloading the schemas. Money-moving
 * calls (buy, leave the queue) need the `Idempotency-Key` header of crypto-paths.ts.
 */
export const marketPaths = {
  /** Per level: price, stock, queue length; for a signed-in caller also their state. */
  market: '/crypto/market',
  /** One token: level, name, generators, owner. */
  nft: (id: number | string) => `/crypto/market/nft/${encodeURIComponent(String(id))}`,
  /** Buy a token of a level (from stock, or join the queue with full prepayment). */
  buy: '/crypto/nft/buy',
  /** Leave the queue of a level; the prepayment comes back. */
  leaveQueue: '/crypto/market/queue/leave',
  /** Admin only: mint genesis stock of a level into the market. */
  mint: '/crypto/market/mint',
} as const;
