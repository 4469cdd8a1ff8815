import {
  FIRST_MINT_DELAY_HOURS,
  GAS_USD_PER_TX,
  KYC_REVIEW_HOURS,
  MEETING_DISTANCE_METRES,
  MEETING_DURATION_MINUTES,
  MEETING_MIN_MINUTES,
  MIN_AGE,
  PUBLIC_POSITION_PRECISION_METRES,
  SELLER_PAYOUT_PERCENT,
  SUGGESTED_BNB_USD,
} from '@meeet/core/constants';
import { IOS_REQUIREMENTS } from '../../components/app-store-badge';

/** Interpolation values for this feature's texts: every number comes from core. */
export const values = {
  ...IOS_REQUIREMENTS,
  minAge: MIN_AGE,
  distance: MEETING_DISTANCE_METRES,
  duration: MEETING_DURATION_MINUTES,
  together: MEETING_MIN_MINUTES,
  coarseMetres: PUBLIC_POSITION_PRECISION_METRES,
  firstMintHours: FIRST_MINT_DELAY_HOURS,
  kycHours: KYC_REVIEW_HOURS,
  gasUsd: GAS_USD_PER_TX,
  bnbMin: SUGGESTED_BNB_USD.min,
  bnbMax: SUGGESTED_BNB_USD.max,
  payoutPercent: SELLER_PAYOUT_PERCENT,
};
