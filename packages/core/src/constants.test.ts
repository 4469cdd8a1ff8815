import { describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import {
  AFFILIATE_ATTRIBUTION_MS,
  AUTH_TOKEN_TTL_SECONDS,
  BREAKPOINTS,
  NFT_PRICE_UNITS,
  NFT_PRICE_USDT,
  PROMO_PREFIX_CYRILLIC,
  PROMO_PREFIX_LATIN,
  PROMO_PREFIXES,
  SELLER_PAYOUT_PERCENT,
  SELLER_PAYOUT_UNITS,
  SELLER_PAYOUT_USDT,
  USDT_DECIMALS,
  USDT_UNIT,
} from './constants.ts';
import { NFT_TYPES } from './enums.ts';

describe('constants', () => {
  it('prices and payouts agree in whole USDT and smallest units', () => {
    expect(USDT_DECIMALS).toBe(18);
    expect(USDT_UNIT).toBe(10n ** 18n);
    expect(NFT_PRICE_USDT).toEqual({ 0: 100, 1: 1000, 2: 10000 });
    expect(SELLER_PAYOUT_USDT).toEqual({ 0: 40, 1: 400, 2: 4000 });
    for (const type of NFT_TYPES) {
      expect(NFT_PRICE_UNITS[type]).toBe(BigInt(NFT_PRICE_USDT[type]) * USDT_UNIT);
      expect(SELLER_PAYOUT_UNITS[type]).toBe(parseUnits(String(SELLER_PAYOUT_USDT[type]), 18));
      expect(SELLER_PAYOUT_USDT[type]).toBe((NFT_PRICE_USDT[type] * SELLER_PAYOUT_PERCENT) / 100);
    }
  });

  it('promo prefixes: Latin and real Cyrillic letters', () => {
    expect(PROMO_PREFIX_LATIN).toBe('MEEET');
    expect(PROMO_PREFIX_CYRILLIC).toBe('МЕЕЕТ');
    expect(Array.from(PROMO_PREFIX_CYRILLIC, (char) => char.codePointAt(0))).toEqual([
      0x41c, 0x415, 0x415, 0x415, 0x422,
    ]);
    expect(PROMO_PREFIXES).toEqual([PROMO_PREFIX_LATIN, PROMO_PREFIX_CYRILLIC]);
  });

  it('derived durations', () => {
    expect(AFFILIATE_ATTRIBUTION_MS).toBe(30 * 24 * 60 * 60 * 1000);
    expect(AUTH_TOKEN_TTL_SECONDS).toBe(3 * 24 * 60 * 60);
  });

  it('breakpoints ascend', () => {
    const widths = Object.values(BREAKPOINTS);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
  });
});
