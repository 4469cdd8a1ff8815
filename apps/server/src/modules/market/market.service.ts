import { Role } from '@meeet/core/roles';
import { assertRole } from '../../lib/access.ts';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress, zeroAddress, type Address } from 'viem';
import type {
  BuyNftResponse,
  LeaveQueueResponse,
  MarketLevel,
  MarketNftResponse,
  MarketResponse,
  MintStockResponse,
} from '@meeet/core/api/market';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  BNB_DECIMALS,
  NATIVE_CURRENCY,
  NFT_PRICE_UNITS,
  PAYMENT_CURRENCY,
  USDT_DECIMALS,
} from '@meeet/core/constants';
import { NFT_TYPES, type NftType } from '@meeet/core/enums';
import { buyRefusalReasons, kycRequiredFor } from '@meeet/core/rules/market-buy';
import type { Database } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { kycApproval } from '../kyc/kyc.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { ledger, type LedgerEntry } from '../wallet/ledger.service.ts';
import type { SettledStatus } from '../wallet/tx-sender.ts';
import { toTransaction } from '../wallet/wallet.service.ts';
import {
  marketAvailable,
  marketContract,
  readAccount,
  readLevelsHeld,
  readMarket,
  readSupply,
  readToken,
  type MarketAccount,
} from './market-chain.ts';
import { buyFacts, name, refusal } from './market-buy-facts.ts';
import { mintGenerated, mintStock } from './market-minter.ts';
import {
  APPROVE_GAS,
  BUY_GAS,
  LEAVE_GAS,
  leaveFeeRefusal,
  writeBuyRows,
  writeLeaveRow,
} from './market-orders.ts';
import { marketRepository as repo } from './market.repository.ts';

export { mintGenerated, mintStock };
export {
  earliestBuyers,
  firstPurchaseAt,
  interestLevels,
  marketLevelFigures,
} from './market-figures.ts';

/**
 * Gas limits the user's market calls are signed with (measured on the real contracts by
 * `npm run bench:market`, plus margin; unused gas is not charged). A buy from stock of a token
 * with generators is the dearest path (four USDT transfers and an ERC-721 transfer).
 */

function requestHash(op: string, level: NftType): string {
  return createHash('sha256').update(JSON.stringify({ op, level })).digest('hex');
}

/** A buy's key seen before (the earlier answer), or the rows a new buy wrote. */
type BuyOutcome = { replay: BuyNftResponse } | { approve: LedgerEntry | null; buy: LedgerEntry };

export interface MarketServiceDeps {
  db: Database;
  chain: ChainRuntime;
  log: FastifyBaseLogger;
}

/**
 * The marketplace (spec §4): what is for sale, buying (approve + buy from the user's own
 * address, through the wallet's sender), leaving the queue, and minting stock with the hot
 * wallet. The chain is the truth for holdings and queues (market-chain.ts); the buy rules are
 * core's (rules/market-buy.ts), shared with the web; spending goes through the wallet's
 * idempotent command; mints through the minter (market-minter.ts). `market_purchases` ties
 * each BUY_NFT row to its outcome.
 */
export class MarketService {
  constructor(private readonly deps: MarketServiceDeps) {}

  async overview(auth: AuthContext | null): Promise<MarketResponse> {
    const { chain } = this.deps.chain.require();
    const gasPrice = await chain.publicClient.getGasPrice();
    const buyFee = gasPrice * (APPROVE_GAS + BUY_GAS);
    const available = marketAvailable(chain);
    const supply = available
      ? await readSupply(chain)
      : NFT_TYPES.map(() => ({ stock: 0, queueLength: 0, forSale: [] }));

    let account: MarketAccount | null = null;
    let mineOf: (level: NftType) => MarketLevel['mine'] = () => null;
    if (auth && available) {
      const address = chain.keys.depositAccount(auth.user.id).address;
      const db = txOf(this.deps.db);
      await ledger.openWallet(db, auth.user.id, address);
      const [acc, kyc, open, flight] = await Promise.all([
        readAccount(chain, address),
        kycApproval(txOf(this.deps.db), auth.user.id),
        repo.open(this.deps.db, auth.user.id),
        ledger.spendable(db, chain, auth.user.id, address),
      ]);
      account = acc;
      mineOf = (level) => {
        const tokenId = acc.tokens[level] ?? 0n;
        const prepaid = acc.prepaid[level] ?? 0n;
        const position = Number(acc.positions[level] ?? 0n);
        const needsApprove = acc.allowance - flight.allowanceUse < NFT_PRICE_UNITS[level];
        const reasons = buyRefusalReasons(
          level,
          buyFacts(level, acc, kyc, open, {
            usdt: flight.usdt,
            bnb: flight.bnb,
            fee: gasPrice * (BUY_GAS + (needsApprove ? APPROVE_GAS : 0n)),
          }),
        );
        const pending = open.find((p) => p.level === level);
        return {
          token: tokenId === 0n ? null : { id: tokenId.toString(), name: name(level, tokenId) },
          queuePosition: position === 0 ? null : position,
          prepaid: prepaid === 0n ? null : prepaid.toString(),
          transactionId: pending?.transactionId ?? null,
          canBuy: reasons.length === 0,
          reasons,
        };
      };
    } else if (auth) {
      mineOf = () => ({
        token: null,
        queuePosition: null,
        prepaid: null,
        transactionId: null,
        canBuy: false,
        reasons: ['market-unavailable'],
      });
    }

    return {
      available,
      symbol: PAYMENT_CURRENCY,
      decimals: USDT_DECIMALS,
      nativeSymbol: NATIVE_CURRENCY,
      nativeDecimals: BNB_DECIMALS,
      gasPrice: gasPrice.toString(),
      buyFee: buyFee.toString(),
      levels: NFT_TYPES.map((level) => ({
        level,
        name: name(level),
        price: NFT_PRICE_UNITS[level].toString(),
        stock: supply[level]?.stock ?? 0,
        queueLength: supply[level]?.queueLength ?? 0,
        forSale: supply[level]?.forSale ?? [],
        queues: (supply[level]?.stock ?? 0) === 0,
        kycRequired: kycRequiredFor(level),
        mine: mineOf(level),
      })),
      account: account
        ? { address: account.address, usdt: account.usdt.toString(), bnb: account.bnb.toString() }
        : null,
    };
  }

  /**
   * The token levels a user holds (badges on the meet map); none while the chain or the
   * contracts are not there, since a badge is not worth failing a raised hand for.
   */
  async levelsHeld(userId: number): Promise<NftType[]> {
    if (!this.deps.chain.attached) return [];
    const { chain } = this.deps.chain.require();
    if (!marketAvailable(chain)) return [];
    return readLevelsHeld(chain, chain.keys.depositAccount(userId).address);
  }

  async nft(auth: AuthContext | null, id: number): Promise<MarketNftResponse> {
    const { chain } = this.deps.chain.require();
    marketContract(chain);
    const tokenId = BigInt(id);
    const { level, owner, generators: pair } = await readToken(chain, tokenId);
    const [book, sales] = await Promise.all([
      ledger.ownersOf(txOf(this.deps.db), [owner, ...pair]),
      repo.salesOf(this.deps.db, tokenId.toString()),
    ]);
    const ownerId = book.get(owner.toLowerCase()) ?? null;
    return {
      id: tokenId.toString(),
      type: level,
      name: name(level, tokenId),
      generators: pair
        .filter((g) => g !== zeroAddress)
        .map((g) => ({ address: getAddress(g), userId: book.get(g.toLowerCase()) ?? null })),
      owner: {
        address: getAddress(owner),
        userId: ownerId,
        market: owner.toLowerCase() === chain.contracts.market?.toLowerCase(),
        mine: auth !== null && ownerId === auth.user.id,
      },
      queuePosition: null,
      history: await Promise.all(
        sales.map(async (sale) => {
          const hash = (await ledger.entry(txOf(this.deps.db), sale.transactionId))?.hash ?? null;
          return {
            event: 'bought' as const,
            at: sale.at.toISOString(),
            hash,
            explorerUrl: chain.explorerTxUrl(hash),
          };
        }),
      ),
    };
  }

  /** A token's name for its page's head, null when no such token exists (the page is 404). */
  async tokenName(id: number): Promise<string | null> {
    try {
      return (await this.nft(null, id)).name;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
      throw error;
    }
  }

  /** The answer a buy key gets again: the purchase it made, as its rows are now. */
  private async replayBuy(tx: Tx, chain: Chain, earlier: LedgerEntry): Promise<BuyNftResponse> {
    if (earlier.type !== 'BUY_NFT') throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    const purchase = await repo.find(executorOf(tx), earlier.id);
    if (!purchase) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    const approve = purchase.approveTransactionId
      ? await ledger.entry(tx, purchase.approveTransactionId)
      : undefined;
    return {
      level: purchase.level as NftType,
      approve: approve ? toTransaction(approve, chain) : null,
      transaction: toTransaction(earlier, chain),
    };
  }

  /**
   * Through the wallet's idempotent command (under the user's wallet lock, so a double click,
   * or a withdrawal at the same moment, waits): replays a known key, checks every rule, then
   * writes the APPROVE (when the allowance is short), the BUY_NFT row and the purchase,
   * commits, and hands them to the sender in order.
   */
  async buy(
    auth: AuthContext,
    level: NftType,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 202; body: BuyNftResponse }> {
    const { chain, sender } = this.deps.chain.require();
    const userId = auth.user.id;
    const address = chain.keys.depositAccount(userId).address;
    const hash = requestHash('buy', level);
    const price = NFT_PRICE_UNITS[level];

    const { result } = await ledger.spendOnce<BuyOutcome>(txOf(this.deps.db), {
      userId,
      address,
      key: idempotencyKey,
      requestHash: hash,
      replay: async (tx, earlier) => ({ replay: await this.replayBuy(tx, chain, earlier) }),
      run: async (tx, key) => {
        const db = executorOf(tx);
        // One connection: its queries run one after the other; the chain reads run together.
        const chainReads = Promise.all([
          readAccount(chain, address),
          chain.publicClient.getGasPrice(),
        ]);
        const kyc = await kycApproval(tx, userId);
        const open = await repo.open(db, userId);
        const flight = await ledger.spendable(tx, chain, userId, address);
        const [account, gasPrice] = await chainReads;
        const approveAmount = price + flight.allowanceUse;
        const needsApprove = account.allowance < approveAmount;
        const fee = gasPrice * (BUY_GAS + (needsApprove ? APPROVE_GAS : 0n));
        const bnb = flight.bnb;
        const [first] = buyRefusalReasons(
          level,
          buyFacts(level, account, kyc, open, { usdt: flight.usdt, bnb, fee }),
        );
        if (first) throw refusal(first, level, account, kyc, { fee, bnb: bnb > 0n ? bnb : 0n });

        const { approve, buy } = await writeBuyRows(
          tx,
          { chain, userId, address, level, key, hash },
          price,
          needsApprove ? approveAmount : null,
        );
        await repo.insert(db, {
          transactionId: buy.id,
          userId,
          level,
          approveTransactionId: approve?.id ?? null,
          status: 'pending',
        });
        return { approve, buy };
      },
    });
    if ('replay' in result) return { status: 202, body: result.replay };

    let approve = result.approve;
    let buy = result.buy;
    try {
      if (approve) approve = await sender.dispatch(approve.id);
      // The buy is signed only after its approve, so its nonce is the higher one; otherwise
      // the tracker signs both later in row order.
      if (!approve || approve.status !== 'REQUESTED') buy = await sender.dispatch(buy.id);
    } catch (error) {
      this.deps.log.error({ err: error, transactionId: buy.id }, 'purchase dispatch failed');
    }
    return {
      status: 202,
      body: {
        level,
        approve: approve ? toTransaction(approve, chain) : null,
        transaction: toTransaction(buy, chain),
      },
    };
  }

  async leaveQueue(
    auth: AuthContext,
    level: NftType,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 202; body: LeaveQueueResponse }> {
    const { chain, sender } = this.deps.chain.require();
    const userId = auth.user.id;
    const address = chain.keys.depositAccount(userId).address;
    const hash = requestHash('leave', level);

    const { replayed, result } = await ledger.spendOnce(txOf(this.deps.db), {
      userId,
      address,
      key: idempotencyKey,
      requestHash: hash,
      replay: async (tx, earlier) => {
        const purchase = await repo.findByLeave(executorOf(tx), earlier.id);
        if (!purchase) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
        return { row: earlier, purchase, sent: true };
      },
      run: async (tx, key) => {
        const db = executorOf(tx);
        const purchase = await repo.openFor(db, userId, level);
        const [prepaid, gasPrice, funds] = await Promise.all([
          readMarket<bigint>(chain, 'prepaidOf', [level, address]),
          chain.publicClient.getGasPrice(),
          ledger.spendable(tx, chain, userId, address),
        ]);
        if (!purchase || purchase.status !== 'queued' || prepaid === 0n) {
          throw new AppError(ErrorCode.CONFLICT, {
            messageKey: 'market.not-queued',
            params: { name: name(level) },
            details: { reason: 'not-queued' },
          });
        }
        if (purchase.leaveTransactionId) {
          const previous = await ledger.entry(tx, purchase.leaveTransactionId);
          if (previous && previous.status !== 'FAIL') {
            return { row: previous, purchase, sent: true };
          }
        }
        const fee = gasPrice * LEAVE_GAS;
        if (funds.bnb < fee) throw leaveFeeRefusal(funds.bnb, fee);
        const row = await writeLeaveRow(tx, { chain, userId, address, level, key, hash }, prepaid);
        await repo.update(db, purchase.transactionId, { leaveTransactionId: row.id });
        return { row, purchase, sent: false };
      },
    });
    let row = result.row;
    if (!replayed && !result.sent) {
      try {
        row = await sender.dispatch(row.id);
      } catch (error) {
        this.deps.log.error({ err: error, transactionId: row.id }, 'leave dispatch failed');
      }
    } else {
      row = (await ledger.entry(txOf(this.deps.db), row.id)) ?? row;
    }
    return {
      status: 202,
      body: {
        level,
        purchaseTransactionId: result.purchase.transactionId,
        transaction: toTransaction(row, chain),
      },
    };
  }

  /**
   * Mints genesis stock with the hot wallet (admins only), one minter at a time across
   * processes, and waits for the block. Queued buyers are served by the contract in the same
   * transaction; the market watcher records their credit.
   */
  async mintStock(
    auth: AuthContext | null,
    level: NftType,
    count: number,
  ): Promise<MintStockResponse> {
    assertRole(auth, Role.ADMIN);
    const { chain } = this.deps.chain.require();
    marketContract(chain);
    return mintStock(this.deps.db, chain, level, count);
  }

  /** The meeting service's path: mints the token two holders earned; returns its id. */
  async mintGenerated(level: NftType, generatorA: Address, generatorB: Address): Promise<bigint> {
    const { chain } = this.deps.chain.require();
    return mintGenerated(this.deps.db, chain, level, generatorA, generatorB);
  }
}

export type { SettledStatus };
