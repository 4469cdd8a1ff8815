import {
  FIRST_MINT_DELAY_HOURS,
  MAX_TOKENS_PER_HOLDER,
  MEETING_DISTANCE_METRES,
  MEETING_DURATION_MINUTES,
  MEETING_MIN_MINUTES,
  NFT_PRICE_USDT,
  SELLER_PAYOUT_PERCENT,
  SELLER_PAYOUT_USDT,
} from '@meeet/core/constants';
import { NftType } from '@meeet/core/enums';

/** A minted token has two generators (spec §3: "two parent users"); the payout is split equally. */
const GENERATORS_PER_TOKEN = 2;

/** Interpolation values for this feature's texts: every number comes from core. */
export const values = {
  distance: MEETING_DISTANCE_METRES,
  duration: MEETING_DURATION_MINUTES,
  together: MEETING_MIN_MINUTES,
  firstMintHours: FIRST_MINT_DELAY_HOURS,
  maxTokens: MAX_TOKENS_PER_HOLDER,
  payoutPercent: SELLER_PAYOUT_PERCENT,
};

export const LEVELS = [
  { key: 'silver', type: NftType.SILVER, color: '#c9d1dc' },
  { key: 'gold', type: NftType.GOLD, color: '#f2c14e' },
  { key: 'platinum', type: NftType.PLATINUM, color: '#9fd8f0' },
].map((level) => ({
  ...level,
  price: NFT_PRICE_USDT[level.type],
  payout: SELLER_PAYOUT_USDT[level.type],
  perCreator: SELLER_PAYOUT_USDT[level.type] / GENERATORS_PER_TOKEN,
}));
