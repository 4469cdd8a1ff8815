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
  SELLER_PAYOUT_USDT,
  SUGGESTED_BNB_USD,
  SUPPORT_EMAIL,
} from '@meeet/core/constants';
import { NftType, PERIOD_DAYS } from '@meeet/core/enums';
import { IOS_REQUIREMENTS } from '../components/app-store-badge';

/**
 * The numbers the product's texts name (FAQ, legal, home, help, affiliates, meet-and-play),
 * each under one interpolation name; every one comes from core, so no text states its own.
 */
export const textValues = {
  ...IOS_REQUIREMENTS,
  minAge: MIN_AGE,
  maxTokens: MAX_TOKENS_PER_HOLDER,
  distance: MEETING_DISTANCE_METRES,
  duration: MEETING_DURATION_MINUTES,
  together: MEETING_MIN_MINUTES,
  coarseMetres: PUBLIC_POSITION_PRECISION_METRES,
  firstMintHours: FIRST_MINT_DELAY_HOURS,
  kycHours: KYC_REVIEW_HOURS,
  lockHours: DEVICE_LOCK_MAX_HOURS,
  meetingsLeft: MEETINGS_LEFT_AFTER_DENIAL,
  gasUsd: GAS_USD_PER_TX,
  bnbMin: SUGGESTED_BNB_USD.min,
  bnbMax: SUGGESTED_BNB_USD.max,
  silver: NFT_PRICE_USDT[NftType.SILVER],
  gold: NFT_PRICE_USDT[NftType.GOLD],
  platinum: NFT_PRICE_USDT[NftType.PLATINUM],
  payoutPercent: SELLER_PAYOUT_PERCENT,
  silverPayout: SELLER_PAYOUT_USDT[NftType.SILVER],
  goldPayout: SELLER_PAYOUT_USDT[NftType.GOLD],
  platinumPayout: SELLER_PAYOUT_USDT[NftType.PLATINUM],
  attributionHours: AFFILIATE_ATTRIBUTION_HOURS,
  attributionDays: AFFILIATE_ATTRIBUTION_HOURS / 24,
  week: PERIOD_DAYS.week,
  twoWeeks: PERIOD_DAYS.two_weeks,
  supportEmail: SUPPORT_EMAIL,
};
