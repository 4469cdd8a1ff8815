import type { MarketBuyReason, MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { parseNftType, type NftType } from '@meeet/core/enums';
import { buyRefusal } from '@meeet/core/rules/market-buy';
import type { Locale } from '@meeet/core/i18n/locale';
import { paramTexts } from '@meeet/core/i18n/params';

/** What the buyer sees of a purchase (spec §4: confirmed, failed, canceled, unknown error). */
export type PurchaseOutcome = 'processing' | 'queued' | 'confirmed' | 'failed' | 'canceled';

/** A BUY_NFT status → the outcome shown; PENDING is a prepaid place in the queue. */
export function outcomeOf(status: string): PurchaseOutcome {
  switch (status) {
    case 'CONFIRMED':
      return 'confirmed';
    case 'FAIL':
      return 'failed';
    case 'CANCELED':
      return 'canceled';
    case 'PENDING':
      return 'queued';
    default:
      return 'processing';
  }
}

/**
 * The level the page opens with: `?nft=` first, then the stored buyingNftId (spec §2/§3),
 * else the store's selection. A value that is not a level is ignored.
 */
export function initialLevel(query: string | null, stored: string | null): NftType | null {
  return parseNftType(query) ?? parseNftType(stored);
}

/** A message of core's catalogue ('market.*') with its parameters. */
export interface ReasonMessage {
  key: string;
  ns: 'core';
  params: Record<string, string>;
}

/**
 * Why a level cannot be bought now, as the message the buy call would refuse with: core's
 * `buyRefusal`, fed with what the market answer says (it does not carry the verification's
 * highest level, so kyc-level-too-low is worded without it).
 */
export function reasonMessage(
  reason: MarketBuyReason,
  level: MarketLevel,
  market: MarketResponse,
  /** The reader's language for the amounts (core's display rule per language). */
  locale?: Locale,
): ReasonMessage {
  const refusal = buyRefusal(reason, level.level, {
    heldTokenName: level.mine?.token?.name,
    usdt: market.account?.usdt ?? '0',
    bnb: market.account?.bnb ?? '0',
    fee: market.buyFee,
    money: market,
    locale,
  });
  return { key: refusal.messageKey, ns: 'core', params: paramTexts(refusal.params, locale) };
}
