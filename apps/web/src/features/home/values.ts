import { NFT_PRICE_USDT, SELLER_PAYOUT_USDT } from '@meeet/core/constants';
import { NftType } from '@meeet/core/enums';

export const LEVELS = [
  { key: 'silver', type: NftType.SILVER, kyc: false, color: '#c9d1dc' },
  { key: 'gold', type: NftType.GOLD, kyc: true, color: '#f2c14e' },
  { key: 'platinum', type: NftType.PLATINUM, kyc: true, color: '#9fd8f0' },
] as const;

export const levelPrice = (type: NftType): number => NFT_PRICE_USDT[type];
export const levelPayout = (type: NftType): number => SELLER_PAYOUT_USDT[type];

export type Landing = 'cpa-landing' | 'cpa-landing-meet' | 'cpa-landing-earn';
