/**
 * The rules of deleting an account (docs/decisions.md, "Account deletion: grace, funds,
 * erasure"), shown to the user before they confirm and enforced by the server alike.
 */

/** Days between the request and the erasure; signing in during them cancels the deletion. */
export const DELETION_GRACE_DAYS = 30;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * 24 * 3_600_000;

/** USDT (smallest units, 18 decimals) at or below this is dust: 0.01 USDT. */
export const USDT_DUST = 10n ** 16n;
/** BNB (wei) at or below this is dust: 0.001 BNB, about one transfer's gas. */
export const BNB_DUST = 10n ** 15n;

/** What the user still holds at the custodial address. Amounts in smallest units. */
export interface HeldFunds {
  usdt: bigint;
  bnb: bigint;
  /** Tokens (NFTs) held. */
  tokens: number;
}

/**
 * Whether deleting needs the explicit forfeiture: a balance above dust or any token (the terms
 * keep both the user's, so they go only by withdrawing, selling or forfeiting them).
 */
export function deletionNeedsForfeit(funds: HeldFunds): boolean {
  return funds.usdt > USDT_DUST || funds.bnb > BNB_DUST || funds.tokens > 0;
}

/** When a deletion requested at `requestedAt` erases the account. */
export function deletionEraseAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + DELETION_GRACE_MS);
}

/** How long a data export's link works, from the moment the archive is built. */
export const EXPORT_LINK_TTL_HOURS = 72;
export const EXPORT_LINK_TTL_MS = EXPORT_LINK_TTL_HOURS * 3_600_000;
