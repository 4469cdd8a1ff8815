import {
  MAX_TOKENS_PER_HOLDER,
  MEETING_DISTANCE_METRES,
  MEETING_DURATION_MINUTES,
  MEETING_MIN_MINUTES,
  MIN_AGE,
  NFT_PRICE_USDT,
  PUBLIC_POSITION_PRECISION_METRES,
  SELLER_PAYOUT_PERCENT,
  SELLER_PAYOUT_USDT,
} from '@meeet/core/constants';
import { NftType } from '@meeet/core/enums';
import { IOS_REQUIREMENTS } from '../../components/app-store-badge';

/** Interpolation values for this feature's texts: every number comes from core. */
export const values = {
  ...IOS_REQUIREMENTS,
  minAge: MIN_AGE,
  maxTokens: MAX_TOKENS_PER_HOLDER,
  distance: MEETING_DISTANCE_METRES,
  duration: MEETING_DURATION_MINUTES,
  together: MEETING_MIN_MINUTES,
  coarseMetres: PUBLIC_POSITION_PRECISION_METRES,
  payoutPercent: SELLER_PAYOUT_PERCENT,
  silverPayout: SELLER_PAYOUT_USDT[NftType.SILVER],
  goldPayout: SELLER_PAYOUT_USDT[NftType.GOLD],
  platinumPayout: SELLER_PAYOUT_USDT[NftType.PLATINUM],
};

export const LEVELS = [
  { key: 'silver', type: NftType.SILVER, kyc: false, color: '#c9d1dc' },
  { key: 'gold', type: NftType.GOLD, kyc: true, color: '#f2c14e' },
  { key: 'platinum', type: NftType.PLATINUM, kyc: true, color: '#9fd8f0' },
] as const;

export const levelPrice = (type: NftType): number => NFT_PRICE_USDT[type];
export const levelPayout = (type: NftType): number => SELLER_PAYOUT_USDT[type];

export type Landing = 'cpa-landing' | 'cpa-landing-meet' | 'cpa-landing-earn';
