// Type-only: the shell loads these constants on every page, and a runtime import would pull
// every enum of the product into the first page with them. Levels are keyed by their stored
// numbers (Silver 0, Gold 1, Platinum 2), checked against NftType by `satisfies`.
import type { NftType } from './enums.ts';

const LEVELS = [0, 1, 2] as const satisfies readonly NftType[];

function perLevel<T>(value: (level: NftType) => T): Readonly<Record<NftType, T>> {
  return {
    [LEVELS[0]]: value(LEVELS[0]),
    [LEVELS[1]]: value(LEVELS[1]),
    [LEVELS[2]]: value(LEVELS[2]),
  };
}

// Business constants of spec §9 (and the few PRODUCT.md fixes). One name per number so a
// change happens in one place. The unclear numbers 2000 / 25 / 50 of §9 have no known use
// and are deliberately not defined here.

export const BRAND = 'MEEET';
export const COIN_SYMBOL = 'EEE';
export const SUPPORT_EMAIL = 'support@meeet.app';
export const FAQ_TOPIC_COUNT = 17;

// ── Chain and money ─────────────────────────────────────────────────────────────────────
export const NETWORK = 'BSC';
export const TOKEN_STANDARD = 'BEP-20';
export const PAYMENT_CURRENCY = 'USDT';
/** The native coin that pays gas on BSC. */
export const NATIVE_CURRENCY = 'BNB';
/** USDT on BSC has 18 decimals (PRODUCT.md), unlike the 6 of Ethereum's USDT. */
export const USDT_DECIMALS = 18;
export const BNB_DECIMALS = 18;
export const USDT_UNIT = 10n ** BigInt(USDT_DECIMALS);

export const NFT_PRICE_USDT = {
  0: 100,
  1: 1000,
  2: 10000,
} as const satisfies Record<NftType, number>;

/** Prices in the smallest USDT unit; money is never a float. */
export const NFT_PRICE_UNITS: Readonly<Record<NftType, bigint>> = perLevel(
  (level) => BigInt(NFT_PRICE_USDT[level]) * USDT_UNIT,
);

/** Share of a minted token's price paid to its two generators (split equally) on each sale. */
export const SELLER_PAYOUT_PERCENT = 40;
export const SELLER_PAYOUT_USDT = {
  0: (NFT_PRICE_USDT[0] * SELLER_PAYOUT_PERCENT) / 100,
  1: (NFT_PRICE_USDT[1] * SELLER_PAYOUT_PERCENT) / 100,
  2: (NFT_PRICE_USDT[2] * SELLER_PAYOUT_PERCENT) / 100,
} as const satisfies Record<NftType, number>;
export const SELLER_PAYOUT_UNITS: Readonly<Record<NftType, bigint>> = perLevel(
  (level) => (NFT_PRICE_UNITS[level] * BigInt(SELLER_PAYOUT_PERCENT)) / 100n,
);

/** Default referral shares down three levels of the tree; admins may change them. */
export const DEFAULT_REFERRAL_REWARD_PERCENTS = [10, 5, 2] as const;

/** Spec says about 0.003 USD (the Russian text says 0.03); a string so nobody does float maths. */
export const GAS_USD_PER_TX = '0.003';
export const SUGGESTED_BNB_USD = { min: 2, max: 3 } as const;

// ── Tokens and meetings ─────────────────────────────────────────────────────────────────
export const NFT_LEVEL_COUNT = 3;
export const MAX_TOKENS_PER_HOLDER = 3;
export const MAX_TOKENS_PER_LEVEL_PER_HOLDER = 1;
/** Selected level when nothing else says (client state selectedNftType). */
export const DEFAULT_NFT_TYPE: NftType = LEVELS[0];
export const FIRST_MINT_DELAY_HOURS = 24;
export const FIRST_MINT_DELAY_MS = FIRST_MINT_DELAY_HOURS * 60 * 60 * 1000;
export const MEETING_DISTANCE_METRES = 5;
export const MEETING_DURATION_MINUTES = 20;
export const MEETING_DURATION_MS = MEETING_DURATION_MINUTES * 60 * 1000;
/** Of the meeting's window, the minutes the two phones must be counted together (17 of 20). */
export const MEETING_MIN_MINUTES = 17;
/** Others see a raised hand at about this precision; exact positions never leave the server. */
export const PUBLIC_POSITION_PRECISION_METRES = 100;
/** Meetings that still count after KYC or a status is denied, before the status is annulled. */
export const MEETINGS_LEFT_AFTER_DENIAL = 3;
export const KYC_REVIEW_HOURS = 24;
export const DEVICE_LOCK_MAX_HOURS = 72;
export const DEVICE_LOCK_MAX_MS = DEVICE_LOCK_MAX_HOURS * 60 * 60 * 1000;

// ── People and forms ────────────────────────────────────────────────────────────────────
export const MIN_AGE = 18;
export const MIN_BIRTH_YEAR = 1900;
export const BIRTH_DATE_FORMAT = 'DD.MM.YYYY';
export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase or manager, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 128;
/** The nickname is a public handle and profile domain: short enough to read, long enough to be unique. */
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 30;
/** RFC 5321 limits: 254 for the whole path, 64 for the local part. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** Promo code = one of these prefixes + the referrer's user id in hexadecimal. */
export const PROMO_PREFIX_LATIN = 'MEEET';
/** Cyrillic letters М Е Е Е Т (U+041C U+0415 U+0415 U+0415 U+0422), not Latin look-alikes. */
export const PROMO_PREFIX_CYRILLIC = '\u041C\u0415\u0415\u0415\u0422';
export const PROMO_PREFIXES = [PROMO_PREFIX_LATIN, PROMO_PREFIX_CYRILLIC] as const;

// ── Auth, affiliate, transport ──────────────────────────────────────────────────────────
export const AUTH_TOKEN_TTL_SECONDS = 259200;
export const AUTH_TOKEN_TYPE = 'JWT';
/** Minutes a code sent by mail (registration, password reset, withdrawal) stays valid. */
export const CODE_TTL_MINUTES = 15;
export const AFFILIATE_ATTRIBUTION_HOURS = 720;
export const AFFILIATE_ATTRIBUTION_MS = AFFILIATE_ATTRIBUTION_HOURS * 60 * 60 * 1000;
/** Request headers of spec §7 that carry stored client values. */
export const HTTP_HEADERS = {
  FINGERPRINT: 'x-fp',
  /** An App Attest assertion over the call (`rules/app-assertion.ts`): the attested phone. */
  APP_ASSERTION: 'x-app-assertion',
  CPA_LINK_ID: 'x-cpa-link-id',
  CPA_UID: 'x-uid',
} as const;
export const SOCKET_DEFAULTS = {
  timeout: 20000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const;

// ── Presentation ────────────────────────────────────────────────────────────────────────
export const COOKIE_BANNER_DELAY_MS = 3000;
export const COOKIE_ACTION_DELAY_MS = 500;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
/** Widths below this breakpoint get the mobile layout. */
export const MOBILE_BELOW: Breakpoint = 'lg';
export const DIALOG_TRANSITION_MS = { enter: 225, exit: 125 } as const;
export const SCROLL_ANIMATION_MS = 700;
