import {
  AFFILIATE_ATTRIBUTION_HOURS,
  DEVICE_LOCK_MAX_HOURS,
  FIRST_MINT_DELAY_HOURS,
  GAS_USD_PER_TX,
  KYC_REVIEW_HOURS,
  MAX_TOKENS_PER_HOLDER,
  MEETING_DISTANCE_METRES,
  MEETING_DURATION_MINUTES,
  MEETING_MIN_MINUTES,
  MEETINGS_LEFT_AFTER_DENIAL,
  MIN_AGE,
  NFT_PRICE_USDT,
  PUBLIC_POSITION_PRECISION_METRES,
  SELLER_PAYOUT_PERCENT,
  SUPPORT_EMAIL,
} from '@meeet/core/constants';
import { NftType } from '@meeet/core/enums';

/** Date both documents take effect (the same in every language; formatted per locale). */
export const EFFECTIVE_DATE = new Date(Date.UTC(2026, 10, 22));

/** Interpolation values for the legal texts: every number comes from core. */
export const values = {
  minAge: MIN_AGE,
  maxTokens: MAX_TOKENS_PER_HOLDER,
  distance: MEETING_DISTANCE_METRES,
  duration: MEETING_DURATION_MINUTES,
  together: MEETING_MIN_MINUTES,
  coarseMetres: PUBLIC_POSITION_PRECISION_METRES,
  kycHours: KYC_REVIEW_HOURS,
  firstMintHours: FIRST_MINT_DELAY_HOURS,
  lockHours: DEVICE_LOCK_MAX_HOURS,
  meetingsLeft: MEETINGS_LEFT_AFTER_DENIAL,
  gasUsd: GAS_USD_PER_TX,
  silver: NFT_PRICE_USDT[NftType.SILVER],
  gold: NFT_PRICE_USDT[NftType.GOLD],
  platinum: NFT_PRICE_USDT[NftType.PLATINUM],
  payoutPercent: SELLER_PAYOUT_PERCENT,
  attributionDays: AFFILIATE_ATTRIBUTION_HOURS / 24,
  email: SUPPORT_EMAIL,
};
