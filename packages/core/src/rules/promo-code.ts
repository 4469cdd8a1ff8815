import { PROMO_PREFIX_CYRILLIC, PROMO_PREFIX_LATIN } from '../constants.ts';

export type PromoCodeError = 'msg.invalid-promocode';

export type PromoCodeResult =
  { ok: true; userId: number } | { ok: false; error: PromoCodeError; message: 'Invalid promocode' };

const INVALID: PromoCodeResult = {
  ok: false,
  error: 'msg.invalid-promocode',
  message: 'Invalid promocode',
};

/** Far above any real code (prefix + 14 hex digits); stops huge inputs before BigInt parsing. */
const MAX_CODE_LENGTH = 64;
const HEX_PATTERN = /^[0-9A-Fa-f]+$/;

/**
 * Spec §5 promo code: trimmed, starts with the brand prefix written wholly in Latin ('MEEET')
 * or wholly in Cyrillic ('МЕЕЕТ') letters in any letter case, followed by the referrer's user
 * id in hexadecimal. A prefix mixing the two alphabets is rejected: only what we print or what
 * a Russian keyboard produces is a code. The hex part is bare digits (no '0x', sign or spaces),
 * leading zeros allowed, and must be a positive safe integer.
 */
export function parsePromoCode(code: unknown): PromoCodeResult {
  if (typeof code !== 'string') return INVALID;
  const text = code.trim();
  if (text.length === 0 || text.length > MAX_CODE_LENGTH) return INVALID;

  const prefix = text.slice(0, PROMO_PREFIX_LATIN.length).toUpperCase();
  if (prefix !== PROMO_PREFIX_LATIN && prefix !== PROMO_PREFIX_CYRILLIC) return INVALID;

  const hex = text.slice(PROMO_PREFIX_LATIN.length);
  if (!HEX_PATTERN.test(hex)) return INVALID;
  const value = BigInt(`0x${hex}`);
  if (value < 1n || value > BigInt(Number.MAX_SAFE_INTEGER)) return INVALID;
  return { ok: true, userId: Number(value) };
}

/** Null when valid, else the message key; the same shape as the other rules. */
export function validatePromoCode(code: unknown): PromoCodeError | null {
  const result = parsePromoCode(code);
  return result.ok ? null : result.error;
}

/** The canonical code for a user: Latin prefix + upper-case hex id ('MEEET' + 'FF'). */
export function formatPromoCode(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 1) {
    throw new RangeError(`A promo code needs a positive integer user id, got ${userId}`);
  }
  return PROMO_PREFIX_LATIN + userId.toString(16).toUpperCase();
}
