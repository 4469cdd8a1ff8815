import { PROMO_PREFIX_CYRILLIC, PROMO_PREFIX_LATIN } from '../constants.ts';

export type PromoCodeError = 'msg.invalid-promocode';

export type PromoCodeResult =
  /** An old sequential code: the referrer's user id in hexadecimal after the brand prefix. */
  | { ok: true; userId: number }
  /** A random code (issue 46), in its canonical spelling; the server knows whose it is. */
  | { ok: true; referralCode: string }
  | { ok: false; error: PromoCodeError; message: 'Invalid promocode' };

/**
 * Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U. Read
 * back, O counts as 0 and I or L as 1, so a code copied by eye never misses.
 */
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 8 characters: 40 random bits, so a guessed code almost never names anyone. */
export const REFERRAL_CODE_LENGTH = 8;
const CONFUSABLE: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

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
  if (prefix !== PROMO_PREFIX_LATIN && prefix !== PROMO_PREFIX_CYRILLIC) {
    const referralCode = canonicalReferralCode(text);
    return referralCode === null ? INVALID : { ok: true, referralCode };
  }

  const hex = text.slice(PROMO_PREFIX_LATIN.length);
  if (!HEX_PATTERN.test(hex)) return INVALID;
  const value = BigInt(`0x${hex}`);
  if (value < 1n || value > BigInt(Number.MAX_SAFE_INTEGER)) return INVALID;
  return { ok: true, userId: Number(value) };
}

/**
 * A random code in its canonical spelling (upper case, O read as 0, I and L as 1), or null
 * when it is not 8 characters of the alphabet. Codes starting with the brand prefix are the
 * old kind's, never this one's (makeReferralCode does not produce them).
 */
export function canonicalReferralCode(text: string): string | null {
  if (text.length !== REFERRAL_CODE_LENGTH) return null;
  const upper = Array.from(text.toUpperCase(), (char) => CONFUSABLE[char] ?? char).join('');
  if (upper.startsWith(PROMO_PREFIX_LATIN)) return null;
  return Array.from(upper).every((char) => REFERRAL_CODE_ALPHABET.includes(char)) ? upper : null;
}

/**
 * A random code from `REFERRAL_CODE_LENGTH` × 5 random bits (the caller's secure random bytes,
 * at least 5); null when the bits spell the brand prefix, so the caller draws again.
 */
export function makeReferralCode(random: Uint8Array): string | null {
  if (random.length < 5) throw new RangeError('A referral code needs 5 random bytes');
  let bits = 0n;
  for (const byte of random.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = REFERRAL_CODE_LENGTH - 1; i >= 0; i--) {
    code += REFERRAL_CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return code.startsWith(PROMO_PREFIX_LATIN) ? null : code;
}

/** Null when valid, else the message key; the same shape as the other rules. */
export function validatePromoCode(code: unknown): PromoCodeError | null {
  const result = parsePromoCode(code);
  return result.ok ? null : result.error;
}

/** The old sequential code for a user (still accepted; new users get a random one): Latin prefix + upper-case hex id ('MEEET' + 'FF'). */
export function formatPromoCode(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 1) {
    throw new RangeError(`A promo code needs a positive integer user id, got ${userId}`);
  }
  return PROMO_PREFIX_LATIN + userId.toString(16).toUpperCase();
}
