import type { FastifyBaseLogger } from 'fastify';
import { erc20Abi, getAddress, parseEventLogs, zeroAddress, type Address, type Hex } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import type { Database } from '../../db/client.ts';
import { Poller } from '../../lib/poller.ts';
import type { Chain } from '../chain/chain.client.ts';
import { walletRepository as repo } from './wallet.repository.ts';
import type { ChainTransactionRow, NewChainTransactionRow } from './wallet.schema.ts';

export const DEPOSIT_CURSOR = 'deposits';
/** Blocks read per pass; bounded so one pass is one short database transaction. */
const BLOCKS_PER_PASS = 500n;

export type DepositListener = (row: ChainTransactionRow) => void;

/**
 * Follows the chain up to the final block only (so a reorganisation never un-counts a
 * deposit) and records every USDT Transfer log and every BNB transfer arriving at a user's
 * deposit address as one INPUT row. The cursor (last block read) moves in the same database
 * transaction as the rows it covers, and rows are unique by (hash, log index): a restart
 * misses nothing and counts nothing twice. Listeners hear of new rows after the commit.
 */
export class DepositWatcher {
  private poller: Poller | undefined;

  constructor(
    private readonly db: Database,
    private readonly chain: Chain,
    private readonly log: FastifyBaseLogger,
    private readonly onDeposit: DepositListener = () => {},
    private readonly pollMs = 2000,
  ) {}

  /**
   * Reads everything between the cursor and the final block. A first run starts at the final
   * block of the moment (`startBlock` overrides), since no address can have been handed out
   * before the server knew the chain. Returns the rows recorded.
   */
  async tick(startBlock?: bigint): Promise<ChainTransactionRow[]> {
    const final = await this.chain.finalBlock();
    const stored = await repo.cursor(this.db, DEPOSIT_CURSOR);
    let cursor: bigint = stored ?? (startBlock !== undefined ? startBlock - 1n : final);
    if (stored === null) await repo.setCursor(this.db, DEPOSIT_CURSOR, cursor);
    const recorded: ChainTransactionRow[] = [];
    while (cursor < final) {
      const from: bigint = cursor + 1n;
      const to: bigint = final - from + 1n > BLOCKS_PER_PASS ? from + BLOCKS_PER_PASS - 1n : final;
      recorded.push(...(await this.scan(from, to)));
      cursor = to;
    }
    recorded.push(...(await this.scanUnfinal(final)));
    for (const row of recorded) this.onDeposit(row);
    return recorded;
  }

  /**
   * USDT arriving above the final block is shown at once as PROCESSING with its block, so the
   * wallet counts its confirmations; the final pass makes it CONFIRMED (or CANCELED if a
   * reorganisation dropped it). BNB waits for the final block: one log query stays cheap here,
   * reading every block's transactions each pass would not.
   */
  private async scanUnfinal(final: bigint): Promise<ChainTransactionRow[]> {
    const latest = await this.chain.publicClient.getBlockNumber({ cacheTime: 0 });
    if (latest <= final || !(await repo.anyWallet(this.db))) return [];
    const found = await this.usdtDeposits(final + 1n, latest, 'PROCESSING');
    return repo.insertInputs(this.db, found);
  }

  /** Who sent a transfer: a mint's Transfer names the zero address, so its sender is asked. */
  private async senderOf(from: Address, hash: Hex): Promise<Address> {
    if (from !== zeroAddress) return getAddress(from);
    const tx = await this.chain.publicClient.getTransaction({ hash });
    return getAddress(tx.from);
  }

  private async scan(from: bigint, to: bigint): Promise<ChainTransactionRow[]> {
    const client = this.chain.publicClient;
    const found: NewChainTransactionRow[] = [];
    if (await repo.anyWallet(this.db)) {
      found.push(...(await this.usdtDeposits(from, to, 'CONFIRMED')));
      const blocks = [];
      for (let number = from; number <= to; number++) {
        blocks.push(await client.getBlock({ blockNumber: number, includeTransactions: true }));
      }
      // Only the recipients seen in these blocks are looked up, never the whole wallet table.
      const book = await repo.ownersOf(
        this.db,
        blocks.flatMap((block) => block.transactions.flatMap((tx) => (tx.to ? [tx.to] : []))),
      );
      for (const block of blocks) {
        for (const tx of block.transactions) {
          const userId = tx.to ? book.get(tx.to.toLowerCase()) : undefined;
          if (userId === undefined || tx.value === 0n) continue;
          const receipt = await client.getTransactionReceipt({ hash: tx.hash as Hex });
          if (receipt.status !== 'success') continue;
          found.push({
            userId,
            type: 'INPUT',
            status: 'CONFIRMED',
            symbol: 'BNB',
            amount: tx.value.toString(),
            fromAddress: getAddress(tx.from),
            toAddress: getAddress(tx.to as string),
            hash: tx.hash,
            logIndex: -1,
            blockNumber: (block.number ?? 0n).toString(),
          });
        }
      }
    }
    return this.db.transaction(async (tx) => {
      const rows = await repo.insertInputs(tx, found);
      // Shown while on their way, but not in the final blocks: a reorganisation dropped them.
      rows.push(...(await repo.dropUnfinalInputs(tx, to)));
      await repo.setCursor(tx, DEPOSIT_CURSOR, to);
      return rows;
    });
  }

  /** USDT Transfer logs to users' deposit addresses between `from` and `to`, as INPUT rows. */
  private async usdtDeposits(
    from: bigint,
    to: bigint,
    status: 'PROCESSING' | 'CONFIRMED',
  ): Promise<NewChainTransactionRow[]> {
    const client = this.chain.publicClient;
    const market = this.chain.contracts.market?.toLowerCase();
    const hot = this.chain.keys.hot.address.toLowerCase();
    const logs = await client.getLogs({
      address: this.chain.contracts.usdt,
      event: erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer') as Extract<
        (typeof erc20Abi)[number],
        { type: 'event'; name: 'Transfer' }
      >,
      fromBlock: from,
      toBlock: to,
    });
    const transfers = parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' });
    // Only the recipients seen in these blocks are looked up, never the whole wallet table.
    const book = await repo.ownersOf(
      this.db,
      transfers.map((log) => log.args.to),
    );
    const found: NewChainTransactionRow[] = [];
    // A sale from stock pays the generators straight from the buyer: those transfers are
    // told apart by the market's GeneratorsPaid event of the same transaction.
    const rewarded = new Set<string>();
    if (market && book.size > 0) {
      const paid = await client.getLogs({
        address: market as Hex,
        fromBlock: from,
        toBlock: to,
      });
      for (const event of parseEventLogs({
        abi: MeeetMarketAbi,
        logs: paid,
        eventName: 'GeneratorsPaid',
      })) {
        rewarded.add(`${event.transactionHash}:${event.args.generatorA.toLowerCase()}`);
        rewarded.add(`${event.transactionHash}:${event.args.generatorB.toLowerCase()}`);
      }
    }
    for (const log of transfers) {
      const userId = book.get(log.args.to.toLowerCase());
      if (userId === undefined || log.args.value === 0n || log.removed) continue;
      // Money the market pays out (generator rewards, queue refunds) is recorded by the
      // market module as REWARD or as the canceled purchase, not as a deposit.
      if (market && log.args.from.toLowerCase() === market) continue;
      // Payouts from the hot wallet (referral rewards) are the sender's own REWARD rows.
      if (log.args.from.toLowerCase() === hot) continue;
      if (rewarded.has(`${log.transactionHash}:${log.args.to.toLowerCase()}`)) continue;
      found.push({
        userId,
        type: 'INPUT',
        status,
        symbol: 'USDT',
        amount: log.args.value.toString(),
        fromAddress: await this.senderOf(log.args.from, log.transactionHash),
        toAddress: getAddress(log.args.to),
        hash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber.toString(),
      });
    }
    return found;
  }

  /** Polls until stop(); RPC or database errors back off exponentially and retry. */
  start(): void {
    this.poller ??= new Poller('deposit watcher pass', () => this.tick(), this.pollMs, this.log);
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller?.stop();
  }
}
