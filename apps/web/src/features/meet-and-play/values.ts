import { NFT_PRICE_USDT, SELLER_PAYOUT_USDT } from '@meeet/core/constants';
import { NftType } from '@meeet/core/enums';

/** A minted token has two generators (spec §3: "two parent users"); the payout is split equally. */
const GENERATORS_PER_TOKEN = 2;

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
