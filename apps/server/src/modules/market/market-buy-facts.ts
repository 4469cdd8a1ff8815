/** The buy rules of core (rules/market-buy.ts) fed with the market's facts, and their refusals. */
import { AppError } from '@meeet/core/api/errors';
import type { MarketBuyReason } from '@meeet/core/api/market';
import { nftTypeName, type NftType } from '@meeet/core/enums';
import { buyRefusal, type BuyFacts } from '@meeet/core/rules/market-buy';
import type { MarketAccount } from './market-chain.ts';
import type { MarketPurchaseRow } from './market.schema.ts';

/** A level's name, with the token's number when there is one ("Silver #12"). */
export function name(level: NftType, id?: bigint | string): string {
  return id === undefined ? nftTypeName(level) : `${nftTypeName(level)} #${id}`;
}

/** The buy rules' facts for one level: the chain's account, our open purchases, what is spendable. */
export function buyFacts(
  level: NftType,
  account: MarketAccount,
  kyc: BuyFacts['kyc'],
  open: readonly MarketPurchaseRow[],
  funds: { usdt: bigint; bnb: bigint; fee: bigint },
): BuyFacts {
  const mine = open.find((p) => p.level === level);
  return {
    heldTokenId: account.tokens[level] ?? 0n,
    prepaid: account.prepaid[level] ?? 0n,
    openPurchase: mine ? (mine.status === 'queued' ? 'queued' : 'pending') : null,
    kyc,
    ...funds,
  };
}

/** A refused buy, worded by core's buy rules with the facts at hand. */
export function refusal(
  reason: MarketBuyReason,
  level: NftType,
  account: MarketAccount,
  kyc: BuyFacts['kyc'],
  funds: { fee: bigint; bnb: bigint },
): AppError {
  const { code, ...message } = buyRefusal(reason, level, {
    heldTokenName: name(level, account.tokens[level] ?? 0n),
    maxNftType: kyc.maxNftType,
    usdt: account.usdt,
    bnb: funds.bnb,
    fee: funds.fee,
  });
  return new AppError(code, message);
}
