import { ErrorCode } from '../api/errors.ts';
import type { MarketBuyReason } from '../api/market.ts';
import {
  BNB_DECIMALS,
  NATIVE_CURRENCY,
  NFT_PRICE_UNITS,
  PAYMENT_CURRENCY,
  USDT_DECIMALS,
} from '../constants.ts';
import { nftTypeName, type NftType } from '../enums.ts';
import { formatTokenAmount, tokenAmountParam } from '../format/number.ts';
import type { Locale } from '../i18n/locale.ts';
import type { ErrorParam } from '../i18n/params.ts';

/**
 * The buy rules of the marketplace (spec §4), written once: the server decides with them what a
 * user may buy and how a refused buy is worded; the web words the reasons the market answer
 * lists with the same function, so the page says what the buy call would refuse with.
 */

/** Gold and Platinum need an approved verification (spec §4). */
export const KYC_NFT_LEVELS: readonly NftType[] = [1, 2];

export function kycRequiredFor(level: NftType): boolean {
  return KYC_NFT_LEVELS.includes(level);
}

/** What the buy rules look at for one level. Amounts in the smallest unit. */
export interface BuyFacts {
  /** The token of this level the user holds (0 when none: token ids start at 1). */
  heldTokenId: bigint;
  /** What the user prepaid in this level's queue (0 when not queued). */
  prepaid: bigint;
  /** The user's own purchase of this level still open in our records, if any. */
  openPurchase: 'pending' | 'queued' | null;
  kyc: { approved: boolean; maxNftType: NftType | null };
  /** USDT and BNB the user may still spend (final balance − what is in flight). */
  usdt: bigint;
  bnb: bigint;
  /** The BNB the buy's transactions cost (approve when the allowance is short, plus buy). */
  fee: bigint;
}

/** Reasons the user may not buy `level` now, most important first; none: they may. */
export function buyRefusalReasons(level: NftType, facts: BuyFacts): MarketBuyReason[] {
  const reasons: MarketBuyReason[] = [];
  if (facts.heldTokenId !== 0n) reasons.push('already-holds-level');
  else if (facts.prepaid !== 0n || facts.openPurchase === 'queued') reasons.push('already-queued');
  else if (facts.openPurchase) reasons.push('purchase-pending');
  if (kycRequiredFor(level)) {
    if (!facts.kyc.approved) reasons.push('kyc-required');
    else if (facts.kyc.maxNftType === null || facts.kyc.maxNftType < level) {
      reasons.push('kyc-level-too-low');
    }
  }
  if (facts.usdt < NFT_PRICE_UNITS[level]) reasons.push('insufficient-usdt');
  if (facts.bnb < facts.fee) reasons.push('insufficient-bnb');
  return reasons;
}

/** How money is shown in a refusal (the market answer carries the same four fields). */
export interface MoneyDisplay {
  symbol: string;
  decimals: number;
  nativeSymbol: string;
  nativeDecimals: number;
}

const DEFAULT_MONEY: MoneyDisplay = {
  symbol: PAYMENT_CURRENCY,
  decimals: USDT_DECIMALS,
  nativeSymbol: NATIVE_CURRENCY,
  nativeDecimals: BNB_DECIMALS,
};

/** The facts a refusal's message quotes. Amounts in the smallest unit. */
export interface RefusalFacts {
  /** The held token's name ("Gold #12"), for already-holds-level. */
  heldTokenName?: string | null | undefined;
  /**
   * The highest level the verification allows, for kyc-level-too-low; undefined when the caller
   * does not know it (the market answer does not carry it), which words the refusal without it.
   */
  maxNftType?: NftType | null | undefined;
  usdt: bigint | string;
  bnb: bigint | string;
  fee: bigint | string;
  money?: MoneyDisplay | undefined;
  /** The reader's language for the amounts (the display rule per language); none = raw. */
  locale?: Locale | undefined;
}

export interface BuyRefusal {
  code: ErrorCode;
  /** A key of core's message catalogue, with its parameters. */
  messageKey: string;
  params: Record<string, ErrorParam>;
  /** Machine-readable facts (the error's `details`). */
  details: Record<string, string>;
}

/** The amounts of a refusal's message, in USDT and in the chain's native coin. */
function amountParams(facts: RefusalFacts) {
  const money = facts.money ?? DEFAULT_MONEY;
  // Without the reader's language (a server's refusal) the amounts are written when the message
  // is translated.
  const amount = (units: bigint | string, decimals: number, unit: string): ErrorParam =>
    facts.locale
      ? `${formatTokenAmount(units, decimals, facts.locale)} ${unit}`
      : tokenAmountParam(units, unit, decimals);
  return {
    usdt: (units: bigint | string) => amount(units, money.decimals, money.symbol),
    bnb: (units: bigint | string) => amount(units, money.nativeDecimals, money.nativeSymbol),
  };
}

/** A level above the KYC's: names the highest level allowed, when the KYC allows one. */
function kycLevelRefusal(
  name: string,
  maxNftType: RefusalFacts['maxNftType'],
  details: { reason: MarketBuyReason },
): BuyRefusal {
  return maxNftType === undefined
    ? {
        code: ErrorCode.FORBIDDEN,
        messageKey: 'market.kyc-level-not-allowed',
        params: { name },
        details,
      }
    : {
        code: ErrorCode.FORBIDDEN,
        messageKey: 'market.kyc-level-too-low',
        params: { name, max: maxNftType === null ? '-' : nftTypeName(maxNftType) },
        details,
      };
}

/** The refusal a buy of `level` gets for `reason`: its error code and its message. */
export function buyRefusal(
  reason: MarketBuyReason,
  level: NftType,
  facts: RefusalFacts,
): BuyRefusal {
  const { usdt, bnb } = amountParams(facts);
  const name = nftTypeName(level);
  const details = { reason };
  switch (reason) {
    case 'already-holds-level':
      return {
        code: ErrorCode.CONFLICT,
        messageKey: 'market.already-have-nft',
        params: { name: facts.heldTokenName ?? name },
        details,
      };
    case 'already-queued':
      return {
        code: ErrorCode.CONFLICT,
        messageKey: 'market.already-queued',
        params: { name },
        details,
      };
    case 'purchase-pending':
      return {
        code: ErrorCode.CONFLICT,
        messageKey: 'market.purchase-pending',
        params: { name },
        details,
      };
    case 'kyc-required':
      return {
        code: ErrorCode.FORBIDDEN,
        messageKey: 'market.kyc-required',
        params: { name },
        details,
      };
    case 'kyc-level-too-low':
      return kycLevelRefusal(name, facts.maxNftType, details);
    case 'insufficient-usdt': {
      const price = NFT_PRICE_UNITS[level];
      return {
        code: ErrorCode.INSUFFICIENT_FUNDS,
        messageKey: 'market.insufficient-usdt',
        params: { name, price: usdt(price), balance: usdt(facts.usdt) },
        details: { ...details, price: price.toString(), balance: facts.usdt.toString() },
      };
    }
    case 'insufficient-bnb':
      return {
        code: ErrorCode.INSUFFICIENT_FEE,
        messageKey: 'market.insufficient-bnb',
        params: { balance: bnb(facts.bnb), minFee: bnb(facts.fee) },
        details: { ...details, balance: facts.bnb.toString(), minFee: facts.fee.toString() },
      };
    default:
      return {
        code: ErrorCode.SERVICE_UNAVAILABLE,
        messageKey: 'market.unavailable',
        params: {},
        details,
      };
  }
}
