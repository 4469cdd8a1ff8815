import type { FastifyBaseLogger } from 'fastify';
import { getAddress, parseEventLogs, type TransactionReceipt } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { NFT_PRICE_UNITS } from '@meeet/core/constants';
import { nftTypeName, type NftType } from '@meeet/core/enums';
import type { Database } from '../../db/client.ts';
import { Poller } from '../../lib/poller.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import type { ReceiptInterpreter } from '../wallet/tx-sender.ts';
import { ledger, type LedgerEntry, type LedgerNotice } from '../wallet/ledger.service.ts';
import type { MarketEvents } from './market-events.ts';
import { marketRepository as repo } from './market.repository.ts';

export const MARKET_CURSOR = 'market';
const BLOCKS_PER_PASS = 500n;

function logsOf(receipt: TransactionReceipt, market: string | null) {
  const own = receipt.logs.filter((log) => log.address.toLowerCase() === market?.toLowerCase());
  return parseEventLogs({ abi: MeeetMarketAbi, logs: own });
}

/**
 * How a mined BUY_NFT row ends (TxSender calls this inside the settling transaction, so the
 * purchase moves with its row). A buy: `Purchased` → CONFIRMED with the token; `Queued` →
 * PENDING (prepaid, waiting), unless the watcher already saw the queue serve it; reverted or
 * refused → FAIL. A leaveQueue call: `QueueLeft` → CONFIRMED, and its purchase CANCELED.
 */
export function buyInterpreter(chain: Chain, events?: MarketEvents): ReceiptInterpreter {
  return async (unit, row, receipt) => {
    const tx = executorOf(unit);
    const purchase = await repo.lock(tx, row.id);
    if (purchase) {
      if (!receipt || receipt.status !== 'success') {
        if (purchase.status === 'pending') await repo.update(tx, row.id, { status: 'failed' });
        return { status: 'FAIL', error: 'market.transaction-failed' };
      }
      for (const log of logsOf(receipt, chain.contracts.market)) {
        if (log.eventName === 'Purchased') {
          await repo.update(tx, row.id, {
            status: 'completed',
            tokenId: log.args.tokenId.toString(),
          });
          await events?.purchaseCompleted(unit, {
            userId: purchase.userId,
            level: purchase.level as NftType,
            price: NFT_PRICE_UNITS[purchase.level as NftType],
            transactionId: row.id,
          });
          return { status: 'CONFIRMED', error: null };
        }
        if (log.eventName === 'Queued') {
          if (purchase.status === 'completed') return { status: 'CONFIRMED', error: null };
          if (purchase.status === 'canceled') {
            return { status: 'CANCELED', error: 'market.transaction-canceled' };
          }
          await repo.update(tx, row.id, { status: 'queued' });
          return { status: 'PENDING', error: null };
        }
      }
      return null;
    }
    const queued = await repo.findByLeave(tx, row.id);
    if (!queued) return null;
    if (!receipt || receipt.status !== 'success') {
      return { status: 'FAIL', error: 'market.transaction-failed' };
    }
    if (logsOf(receipt, chain.contracts.market).some((log) => log.eventName === 'QueueLeft')) {
      await repo.update(tx, queued.transactionId, { status: 'canceled' });
      await ledger.settle(unit, queued.transactionId, {
        status: 'CANCELED',
        error: 'market.transaction-canceled',
      });
    }
    return { status: 'CONFIRMED', error: null };
  };
}

/** The notification a settled market row shows. */
export function buyNotice(row: Pick<LedgerNotice, 'type' | 'status'>, level: NftType | null) {
  const params = { name: level === null ? 'NFT' : nftTypeName(level) };
  if (row.type === 'REWARD') return { key: 'market.reward-received' };
  if (row.status === 'CONFIRMED') return { key: 'market.purchase-confirmed', params };
  if (row.status === 'PENDING') return { key: 'market.purchase-queued', params };
  if (row.status === 'CANCELED') return { key: 'market.queue-left', params };
  if (row.status === 'FAIL') return { key: 'market.transaction-failed', params };
  return null;
}

/**
 * Follows the market contract's events up to the final block for what happens outside the
 * buyer's own transactions: a mint serving the queue head (`QueueServed` → the purchase is
 * completed, its BUY_NFT CONFIRMED), a queued buyer refunded (`QueueRefunded` → CANCELED), and
 * generators paid on a sale (`GeneratorsPaid` → one REWARD row per generator who is our user).
 * The cursor moves in the same transaction as the rows, under an advisory lock, so every event
 * is recorded exactly once across restarts and processes.
 */
export class MarketWatcher {
  private poller: Poller | undefined;

  constructor(
    private readonly db: Database,
    private readonly chain: Chain,
    private readonly log: FastifyBaseLogger,
    private readonly onChange: (row: LedgerEntry) => void = () => {},
    private readonly pollMs = 2000,
    private readonly events?: MarketEvents,
  ) {}

  async tick(): Promise<LedgerEntry[]> {
    const market = this.chain.contracts.market;
    if (!market) return [];
    const final = await this.chain.finalBlock();
    const changed: LedgerEntry[] = [];
    let more = true;
    while (more) {
      more = await this.db.transaction(async (executor) => {
        await repo.lockWatcher(executor);
        const tx = txOf(executor);
        const stored = await ledger.cursor(tx, MARKET_CURSOR);
        if (stored === null) {
          await ledger.moveCursor(tx, MARKET_CURSOR, final);
          return false;
        }
        if (stored >= final) return false;
        const from = stored + 1n;
        const to = final - from + 1n > BLOCKS_PER_PASS ? from + BLOCKS_PER_PASS - 1n : final;
        const logs = await this.chain.publicClient.getLogs({
          address: market,
          fromBlock: from,
          toBlock: to,
        });
        changed.push(...(await this.apply(tx, parseEventLogs({ abi: MeeetMarketAbi, logs }))));
        await ledger.moveCursor(tx, MARKET_CURSOR, to);
        return to < final;
      });
    }
    for (const row of changed) this.onChange(row);
    return changed;
  }

  private async apply(
    tx: Tx,
    events: ReturnType<typeof parseEventLogs<typeof MeeetMarketAbi>>,
  ): Promise<LedgerEntry[]> {
    const db = executorOf(tx);
    const book = await ledger.ownersOf(
      tx,
      events.flatMap((event) =>
        event.eventName === 'QueueServed' || event.eventName === 'QueueRefunded'
          ? [event.args.buyer]
          : event.eventName === 'GeneratorsPaid'
            ? [event.args.generatorA, event.args.generatorB]
            : [],
      ),
    );
    const changed: LedgerEntry[] = [];
    for (const event of events) {
      if (event.removed) continue;
      if (event.eventName === 'QueueServed' || event.eventName === 'QueueRefunded') {
        const userId = book.get(event.args.buyer.toLowerCase());
        if (userId === undefined) continue;
        const open = await repo.openFor(db, userId, event.args.level);
        if (!open) continue;
        // Lock order as the sender's settle: wallet, transaction row, purchase.
        const row = await ledger.lockEntry(tx, userId, open.transactionId);
        const purchase = await repo.lock(db, open.transactionId);
        if (!row || !purchase || (purchase.status !== 'pending' && purchase.status !== 'queued')) {
          continue;
        }
        const served = event.eventName === 'QueueServed';
        await repo.update(db, purchase.transactionId, {
          status: served ? 'completed' : 'canceled',
          ...(served ? { tokenId: event.args.tokenId.toString() } : {}),
        });
        if (served) {
          await this.events?.purchaseCompleted(tx, {
            userId,
            level: purchase.level as NftType,
            price: NFT_PRICE_UNITS[purchase.level as NftType],
            transactionId: purchase.transactionId,
          });
        }
        // A row still PROCESSING is settled by the sender, which then reads the purchase.
        if (row.status === 'PENDING') {
          const updated = await ledger.settle(tx, row.id, {
            status: served ? 'CONFIRMED' : 'CANCELED',
            error: served ? null : 'market.queue-refunded',
          });
          if (updated) changed.push(updated);
        }
      } else if (event.eventName === 'GeneratorsPaid') {
        for (const generator of [event.args.generatorA, event.args.generatorB]) {
          const userId = book.get(generator.toLowerCase());
          if (userId === undefined) continue;
          const reward = await ledger.creditReward(tx, {
            userId,
            amount: event.args.amountEach,
            from: getAddress(event.address),
            to: getAddress(generator),
            hash: event.transactionHash,
            logIndex: event.logIndex,
            blockNumber: event.blockNumber,
          });
          changed.push(reward);
          await this.events?.generatorPaid(tx, {
            userId,
            amount: event.args.amountEach,
            transactionId: reward.id,
          });
        }
      }
    }
    return changed;
  }

  start(): void {
    this.poller ??= new Poller('market watcher pass', () => this.tick(), this.pollMs, this.log);
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller?.stop();
  }
}
