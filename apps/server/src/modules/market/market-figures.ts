/**
 * What other modules read of the market's purchases: the monitor's figures per level, first
 * purchases (the meeting rules, moderators) and the levels a user showed interest in (ads).
 * Re-exported by market.service.ts.
 */
import { NFT_PRICE_UNITS } from '@meeet/core/constants';
import { NFT_TYPES, isNftType, type NftType } from '@meeet/core/enums';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { marketRepository as repo } from './market.repository.ts';

/**
 * For the monitor: per level, tokens sold, the USDT they brought and the queue's length. The
 * contract's price of a level is fixed (`priceOf` is pure, NFT_PRICE_UNITS in core), so the
 * revenue is the sales times the price, without reading the wallet's ledger.
 */
export async function marketLevelFigures(tx: Tx) {
  const rows = await repo.levelFigures(executorOf(tx));
  return NFT_TYPES.map((level) => {
    const row = rows.find((candidate) => candidate.level === level);
    const sold = row?.sold ?? 0;
    return {
      level,
      sold,
      revenue: BigInt(sold) * NFT_PRICE_UNITS[level],
      queued: row?.queued ?? 0,
    };
  });
}

/** When the user's first purchase of `level` completed (the meeting rules' 24 h), else null. */
export function firstPurchaseAt(tx: Tx, userId: number, level: NftType): Promise<Date | null> {
  return repo.firstCompletedAt(executorOf(tx), userId, level);
}

/** A level's earliest holders by first completed purchase, oldest first (spec §6 moderators). */
export function earliestBuyers(
  tx: Tx,
  level: NftType,
  limit: number,
): Promise<{ userId: number; at: Date }[]> {
  return repo.earliestBuyers(executorOf(tx), level, limit);
}

/**
 * For ads: the levels a user has shown interest in: bought before (a viewer who still holds a
 * token is the paid tier and sees no ads, so for a viewer these were sold or given away) or
 * being bought (on its way or waiting in the queue). Leaving a queue or a failed buy does not
 * count.
 */
export async function interestLevels(tx: Tx, userId: number): Promise<NftType[]> {
  return (await repo.interestLevels(executorOf(tx), userId)).filter(isNftType);
}
