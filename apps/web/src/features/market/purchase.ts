import type { MarketBuyReason, MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { formatTokenAmount } from '@meeet/core/format/number';
import type { Locale } from '@meeet/core/i18n/locale';
import { nftTypeName, parseNftType, type NftType } from '@meeet/core/enums';

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

/** A client-made unique string per user action (the Idempotency-Key of crypto-paths.ts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a LAN address over plain http is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
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
  ns: 'core' | 'market';
  params: Record<string, string>;
}

/** Why a level cannot be bought now, as the messages the buy call would refuse with. */
export function reasonMessage(
  reason: MarketBuyReason,
  level: MarketLevel,
  market: MarketResponse,
  /** The reader's language for the amounts (core's display rule per language). */
  locale?: Locale,
): ReasonMessage {
  const name = nftTypeName(level.level);
  const usdt = (units: string) =>
    `${formatTokenAmount(units, market.decimals, locale)} ${market.symbol}`;
  const bnb = (units: string) =>
    `${formatTokenAmount(units, market.nativeDecimals, locale)} ${market.nativeSymbol}`;
  switch (reason) {
    case 'already-holds-level':
      return {
        key: 'market.already-have-nft',
        ns: 'core',
        params: { name: level.mine?.token?.name ?? name },
      };
    case 'already-queued':
      return { key: 'market.already-queued', ns: 'core', params: { name } };
    case 'purchase-pending':
      return { key: 'market.purchase-pending', ns: 'core', params: { name } };
    case 'kyc-required':
      return { key: 'market.kyc-required', ns: 'core', params: { name } };
    case 'kyc-level-too-low':
      // The market answer does not carry the approved maximum; this page's own wording.
      return { key: 'reason.kyc-level-too-low', ns: 'market', params: { name } };
    case 'insufficient-usdt':
      return {
        key: 'market.insufficient-usdt',
        ns: 'core',
        params: { name, price: usdt(level.price), balance: usdt(market.account?.usdt ?? '0') },
      };
    case 'insufficient-bnb':
      return {
        key: 'market.insufficient-bnb',
        ns: 'core',
        params: { balance: bnb(market.account?.bnb ?? '0'), minFee: bnb(market.buyFee) },
      };
    default:
      return { key: 'market.unavailable', ns: 'core', params: {} };
  }
}
