// Every enum of spec §3 (and the ones PRODUCT.md adds). Each is an `as const` object so
// callers write `KycStatus.APPROVED` and a type of the same name for its values. Their zod
// schemas live in enum-schemas.ts: this file is on every page's first load, zod is not.

export const NftType = { SILVER: 0, GOLD: 1, PLATINUM: 2 } as const;
export type NftType = (typeof NftType)[keyof typeof NftType];
export const NFT_TYPES = [NftType.SILVER, NftType.GOLD, NftType.PLATINUM] as const;
/** Display names, indexed by the numeric NftType. */
export const NFT_TYPE_NAMES = ['Silver', 'Gold', 'Platinum'] as const;
export type NftTypeName = (typeof NFT_TYPE_NAMES)[number];

export function isNftType(value: unknown): value is NftType {
  return typeof value === 'number' && (NFT_TYPES as readonly number[]).includes(value);
}

export function nftTypeName(type: NftType): NftTypeName {
  return NFT_TYPE_NAMES[type];
}

/**
 * Lenient reading of an NFT level from a query string, form or storage: accepts the number
 * (0-2), its decimal string ('1'), the display name or the key in any letter case ('gold',
 * 'GOLD'). Anything else is null, so a bad `?nft=` never selects a level by accident.
 */
export function parseNftType(value: unknown): NftType | null {
  if (isNftType(value)) return value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^[0-2]$/.test(text)) return Number(text) as NftType;
  const index = NFT_TYPE_NAMES.findIndex((name) => name.toLowerCase() === text.toLowerCase());
  return index === -1 ? null : (index as NftType);
}

export const TransactionStatus = {
  REQUESTED: 'REQUESTED',
  PROCESSING: 'PROCESSING',
  CONFIRMED: 'CONFIRMED',
  FAIL: 'FAIL',
  PENDING: 'PENDING',
  CANCELED: 'CANCELED',
  NONE: 'NONE',
} as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];

export const TransactionType = {
  BUY_NFT: 'BUY_NFT',
  GASING: 'GASING',
  APPROVE: 'APPROVE',
  INPUT: 'INPUT',
  REWARD: 'REWARD',
  OUTPUT: 'OUTPUT',
  GENERATE: 'GENERATE',
} as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];

export const KycStatus = {
  DRAFT: 'draft',
  REJECTED: 'rejected',
  REJECTED_FOREVER: 'rejected_forever',
  APPROVED: 'approved',
  REQUESTED: 'requested',
} as const;
export type KycStatus = (typeof KycStatus)[keyof typeof KycStatus];

export const NewsStatus = { DRAFT: 'DRAFT', PUBLISHED: 'PUBLISHED' } as const;
export type NewsStatus = (typeof NewsStatus)[keyof typeof NewsStatus];

export const MediaAlbum = {
  PROFILE_PHOTOS: 'profile_photos',
  KYC: 'kyc',
  CHANNEL_PHOTOS: 'channel_photos',
  NEWS: 'news',
  /** A business's logo and its spots' photos (public). */
  BUSINESS: 'business',
  /** Businesses' ad campaign images (issue 44): public once a campaign runs. */
  AD_CREATIVES: 'ad_creatives',
} as const;
export type MediaAlbum = (typeof MediaAlbum)[keyof typeof MediaAlbum];

// Spec §3 lists purchase, first_meet and fill_profile; PRODUCT.md's CPA section also pays on
// registration, so it is a reward action too.
export const RewardAction = {
  REGISTRATION: 'registration',
  FILL_PROFILE: 'fill_profile',
  FIRST_MEET: 'first_meet',
  PURCHASE: 'purchase',
} as const;
export type RewardAction = (typeof RewardAction)[keyof typeof RewardAction];

// "Last month" is a rolling 30 days rather than a calendar month, so the three periods are
// plain day counts and a server query and a chart agree on the window.
export const Period = { WEEK: 'week', TWO_WEEKS: 'two_weeks', MONTH: 'month' } as const;
export type Period = (typeof Period)[keyof typeof Period];
export const PERIOD_DAYS = { week: 7, two_weeks: 14, month: 30 } as const satisfies Record<
  Period,
  number
>;

/** Start of the rolling window that ends at `now`. */
export function periodStart(period: Period, now: Date = new Date()): Date {
  return new Date(now.getTime() - PERIOD_DAYS[period] * 24 * 60 * 60 * 1000);
}

export const Gender = { MALE: 0, FEMALE: 1 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const GENDERS = [Gender.MALE, Gender.FEMALE] as const;

export function isGender(value: unknown): value is Gender {
  return value === Gender.MALE || value === Gender.FEMALE;
}

export const ReferralLevel = { HUMAN: 'human', BUSINESS: 'business' } as const;
export type ReferralLevel = (typeof ReferralLevel)[keyof typeof ReferralLevel];

/** What a business is (issue 44): the venues people meet at and the brands that reach them. */
export const BusinessCategory = {
  CAFE: 'cafe',
  BAR: 'bar',
  RESTAURANT: 'restaurant',
  CULTURE: 'culture',
  SPORT: 'sport',
  SHOP: 'shop',
  BRAND: 'brand',
  OTHER: 'other',
} as const;
export type BusinessCategory = (typeof BusinessCategory)[keyof typeof BusinessCategory];

/** A business account's review state; only `approved` may publish spots and campaigns. */
export const BusinessStatus = {
  PENDING: 'pending',
  NEEDS_INFO: 'needs-info',
  APPROVED: 'approved',
  REFUSED: 'refused',
  SUSPENDED: 'suspended',
} as const;
export type BusinessStatus = (typeof BusinessStatus)[keyof typeof BusinessStatus];

export const Mood = { ROMANTIC: 'romantic', BUSINESS: 'business', CHAT: 'chat' } as const;
export type Mood = (typeof Mood)[keyof typeof Mood];
