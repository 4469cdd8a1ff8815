import { Role } from '@meeet/core/roles';
import { assertRole } from '../../lib/access.ts';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  parseEventLogs,
  zeroAddress,
  type Address,
  type TransactionReceipt,
} from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { contractRevert } from '@meeet/contracts/contract-errors';
import type {
  BuyNftResponse,
  LeaveQueueResponse,
  MarketBuyReason,
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
import { KycStatus, NFT_TYPES, nftTypeName, type NftType } from '@meeet/core/enums';
import { formatTokenAmount } from '@meeet/core/format/number';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { Chain } from '../chain/chain.client.ts';
import { kycRepository } from '../kyc/kyc.repository.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { SettledStatus } from '../wallet/tx-sender.ts';
import { spendableFunds } from '../wallet/spendable.ts';
import { walletRepository } from '../wallet/wallet.repository.ts';
import type { ChainTransactionRow } from '../wallet/wallet.schema.ts';
import { toTransaction } from '../wallet/wallet.service.ts';
import { marketRepository as repo } from './market.repository.ts';
import type { MarketPurchaseRow } from './market.schema.ts';

/**
 * Gas limits the user's market calls are signed with (measured on the real contracts by
 * `npm run bench:market`, plus margin; unused gas is not charged). A buy from stock of a token
 * with generators is the dearest path (four USDT transfers and an ERC-721 transfer).
 */
export const APPROVE_GAS = 60_000n;
export const BUY_GAS = 300_000n;
export const LEAVE_GAS = 100_000n;

const KYC_LEVELS: readonly NftType[] = [1, 2];

interface Account {
  address: Address;
  usdt: bigint;
  bnb: bigint;
  allowance: bigint;
  tokens: readonly bigint[];
  prepaid: readonly bigint[];
  positions: readonly bigint[];
}

interface KycFacts {
  approved: boolean;
  maxNftType: NftType | null;
}

function requestHash(op: string, level: NftType): string {
  return createHash('sha256').update(JSON.stringify({ op, level })).digest('hex');
}

function name(level: NftType, id?: bigint | string): string {
  return id === undefined ? nftTypeName(level) : `${nftTypeName(level)} #${id}`;
}

function keyRequired(): AppError {
  return new AppError(ErrorCode.VALIDATION_ERROR, {
    fields: { 'idempotency-key': 'msg.idempotency-key-required' },
  });
}

export interface MarketServiceDeps {
  db: Database;
  chain: ChainRuntime;
  log: FastifyBaseLogger;
}

/**
 * The marketplace (spec §4): what is for sale, buying (approve + buy from the user's own
 * address, through the wallet's sender), leaving the queue, and minting stock with the hot
 * wallet. The chain is the truth for holdings and queues; `market_purchases` ties each
 * BUY_NFT row to its outcome.
 */
export class MarketService {
  constructor(private readonly deps: MarketServiceDeps) {}

  private market(chain: Chain): Address {
    if (!chain.contracts.market || !chain.contracts.token) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, { messageKey: 'market.unavailable' });
    }
    return chain.contracts.market;
  }

  private read<T>(chain: Chain, functionName: string, args: readonly unknown[]): Promise<T> {
    return chain.publicClient.readContract({
      address: chain.contracts.market as Address,
      abi: MeeetMarketAbi,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<T>;
  }

  private async account(chain: Chain, address: Address): Promise<Account> {
    const market = chain.contracts.market as Address;
    const levels = [...NFT_TYPES];
    const [usdt, bnb, allowance, tokens, prepaid, positions] = await Promise.all([
      chain.publicClient.readContract({
        address: chain.contracts.usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }),
      chain.publicClient.getBalance({ address }),
      chain.publicClient.readContract({
        address: chain.contracts.usdt,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, market],
      }),
      this.read<readonly bigint[]>(chain, 'tokensOf', [address]),
      Promise.all(levels.map((l) => this.read<bigint>(chain, 'prepaidOf', [l, address]))),
      Promise.all(levels.map((l) => this.read<bigint>(chain, 'queuePositionOf', [l, address]))),
    ]);
    return { address, usdt, bnb, allowance, tokens, prepaid, positions };
  }

  private async kyc(db: DbExecutor, userId: number): Promise<KycFacts> {
    const row = await kycRepository.find(db, userId);
    const approved = row?.status === KycStatus.APPROVED;
    return { approved, maxNftType: approved ? (row?.maxNftType as NftType | null) : null };
  }

  /** Reasons the user may not buy `level` now, most important first. */
  private reasons(
    level: NftType,
    account: Account,
    kyc: KycFacts,
    open: readonly MarketPurchaseRow[],
    funds: { usdt: bigint; bnb: bigint; fee: bigint },
  ): MarketBuyReason[] {
    const reasons: MarketBuyReason[] = [];
    const mine = open.find((p) => p.level === level);
    if ((account.tokens[level] ?? 0n) !== 0n) reasons.push('already-holds-level');
    else if ((account.prepaid[level] ?? 0n) !== 0n || mine?.status === 'queued')
      reasons.push('already-queued');
    else if (mine) reasons.push('purchase-pending');
    if (KYC_LEVELS.includes(level)) {
      if (!kyc.approved) reasons.push('kyc-required');
      else if (kyc.maxNftType === null || kyc.maxNftType < level) reasons.push('kyc-level-too-low');
    }
    if (funds.usdt < NFT_PRICE_UNITS[level]) reasons.push('insufficient-usdt');
    if (funds.bnb < funds.fee) reasons.push('insufficient-bnb');
    return reasons;
  }

  async overview(auth: AuthContext | null): Promise<MarketResponse> {
    const { chain } = this.deps.chain.require();
    const gasPrice = await chain.publicClient.getGasPrice();
    const buyFee = gasPrice * (APPROVE_GAS + BUY_GAS);
    const available = Boolean(chain.contracts.market && chain.contracts.token);
    const supply = available
      ? await Promise.all(
          NFT_TYPES.map(async (level) => {
            const [stock, queue] = await Promise.all([
              this.read<bigint>(chain, 'stockOf', [level]),
              this.read<bigint>(chain, 'queueLength', [level]),
            ]);
            return { stock: Number(stock), queueLength: Number(queue) };
          }),
        )
      : NFT_TYPES.map(() => ({ stock: 0, queueLength: 0 }));

    let account: Account | null = null;
    let mineOf: (level: NftType) => MarketLevel['mine'] = () => null;
    if (auth && available) {
      const address = chain.keys.depositAccount(auth.user.id).address;
      await walletRepository.ensureWallet(this.deps.db, auth.user.id, address);
      const [acc, kyc, open, flight] = await Promise.all([
        this.account(chain, address),
        this.kyc(this.deps.db, auth.user.id),
        repo.open(this.deps.db, auth.user.id),
        spendableFunds(chain, this.deps.db, auth.user.id, address),
      ]);
      account = acc;
      mineOf = (level) => {
        const tokenId = acc.tokens[level] ?? 0n;
        const prepaid = acc.prepaid[level] ?? 0n;
        const position = Number(acc.positions[level] ?? 0n);
        const needsApprove = acc.allowance - flight.allowanceUse < NFT_PRICE_UNITS[level];
        const reasons = this.reasons(level, acc, kyc, open, {
          usdt: flight.usdt,
          bnb: flight.bnb,
          fee: gasPrice * (BUY_GAS + (needsApprove ? APPROVE_GAS : 0n)),
        });
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
        queues: (supply[level]?.stock ?? 0) === 0,
        kycRequired: KYC_LEVELS.includes(level),
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
    if (!chain.contracts.market || !chain.contracts.token) return [];
    const address = chain.keys.depositAccount(userId).address;
    const tokens = await this.read<readonly bigint[]>(chain, 'tokensOf', [address]);
    return NFT_TYPES.filter((level) => (tokens[level] ?? 0n) !== 0n);
  }

  async nft(auth: AuthContext | null, id: number): Promise<MarketNftResponse> {
    const { chain } = this.deps.chain.require();
    this.market(chain);
    const token = chain.contracts.token as Address;
    const tokenId = BigInt(id);
    let level: number;
    let owner: Address;
    let pair: readonly [Address, Address];
    try {
      [level, owner, pair] = await Promise.all([
        chain.publicClient.readContract({
          address: token,
          abi: MeeetTokenAbi,
          functionName: 'levelOf',
          args: [tokenId],
        }),
        chain.publicClient.readContract({
          address: token,
          abi: MeeetTokenAbi,
          functionName: 'ownerOf',
          args: [tokenId],
        }),
        chain.publicClient.readContract({
          address: token,
          abi: MeeetTokenAbi,
          functionName: 'generatorsOf',
          args: [tokenId],
        }),
      ]);
    } catch (error) {
      if (contractRevert(error)) throw new AppError(ErrorCode.NOT_FOUND);
      throw error;
    }
    const book = await walletRepository.ownersOf(this.deps.db, [owner, ...pair]);
    const ownerId = book.get(owner.toLowerCase()) ?? null;
    const nftLevel = level as NftType;
    return {
      id: tokenId.toString(),
      type: nftLevel,
      name: name(nftLevel, tokenId),
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
    };
  }

  private refusal(
    reason: MarketBuyReason,
    level: NftType,
    facts: { account: Account; kyc: KycFacts; fee: bigint; bnb: bigint },
  ): AppError {
    const nftName = name(level);
    const details = { reason };
    switch (reason) {
      case 'already-holds-level':
        return new AppError(ErrorCode.CONFLICT, {
          messageKey: 'market.already-have-nft',
          params: { name: name(level, facts.account.tokens[level] ?? 0n) },
          details,
        });
      case 'already-queued':
        return new AppError(ErrorCode.CONFLICT, {
          messageKey: 'market.already-queued',
          params: { name: nftName },
          details,
        });
      case 'purchase-pending':
        return new AppError(ErrorCode.CONFLICT, {
          messageKey: 'market.purchase-pending',
          params: { name: nftName },
          details,
        });
      case 'kyc-required':
        return new AppError(ErrorCode.FORBIDDEN, {
          messageKey: 'market.kyc-required',
          params: { name: nftName },
          details,
        });
      case 'kyc-level-too-low':
        return new AppError(ErrorCode.FORBIDDEN, {
          messageKey: 'market.kyc-level-too-low',
          params: {
            name: nftName,
            max: facts.kyc.maxNftType === null ? '-' : nftTypeName(facts.kyc.maxNftType),
          },
          details,
        });
      case 'insufficient-usdt':
        return new AppError(ErrorCode.INSUFFICIENT_FUNDS, {
          messageKey: 'market.insufficient-usdt',
          params: {
            name: nftName,
            price: `${formatTokenAmount(NFT_PRICE_UNITS[level])} ${PAYMENT_CURRENCY}`,
            balance: `${formatTokenAmount(facts.account.usdt)} ${PAYMENT_CURRENCY}`,
          },
          details: {
            ...details,
            price: NFT_PRICE_UNITS[level].toString(),
            balance: facts.account.usdt.toString(),
          },
        });
      case 'insufficient-bnb':
        return new AppError(ErrorCode.INSUFFICIENT_FEE, {
          messageKey: 'market.insufficient-bnb',
          params: {
            balance: `${formatTokenAmount(facts.bnb)} ${NATIVE_CURRENCY}`,
            minFee: `${formatTokenAmount(facts.fee)} ${NATIVE_CURRENCY}`,
          },
          details: { ...details, balance: facts.bnb.toString(), minFee: facts.fee.toString() },
        });
      default:
        return new AppError(ErrorCode.SERVICE_UNAVAILABLE, {
          messageKey: 'market.unavailable',
          details,
        });
    }
  }

  private async replayBuy(
    chain: Chain,
    earlier: ChainTransactionRow,
    hash: string,
  ): Promise<BuyNftResponse> {
    if (earlier.requestHash !== hash || earlier.type !== 'BUY_NFT') {
      throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    }
    const purchase = await repo.find(this.deps.db, earlier.id);
    if (!purchase) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    const approve = purchase.approveTransactionId
      ? await walletRepository.findById(this.deps.db, purchase.approveTransactionId)
      : undefined;
    const row = (await walletRepository.findById(this.deps.db, earlier.id)) ?? earlier;
    return {
      level: purchase.level as NftType,
      approve: approve ? toTransaction(approve, chain) : null,
      transaction: toTransaction(row, chain),
    };
  }

  /**
   * Under the user's wallet lock (so a double click, or a withdrawal at the same moment, waits):
   * replays a known key, checks every rule, then writes the APPROVE (when the allowance is
   * short), the BUY_NFT row and the purchase, commits, and hands them to the sender in order.
   */
  async buy(
    auth: AuthContext,
    level: NftType,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 202; body: BuyNftResponse }> {
    const { chain, sender } = this.deps.chain.require();
    const market = this.market(chain);
    if (!idempotencyKey) throw keyRequired();
    const userId = auth.user.id;
    const address = chain.keys.depositAccount(userId).address;
    await walletRepository.ensureWallet(this.deps.db, userId, address);
    const hash = requestHash('buy', level);
    const price = NFT_PRICE_UNITS[level];

    const outcome = await this.deps.db.transaction(async (tx) => {
      await walletRepository.lockWallet(tx, userId);
      const earlier = await walletRepository.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (earlier) return { replay: earlier, approve: null, buy: null };
      // One connection: its queries run one after the other; the chain reads run together.
      const chainReads = Promise.all([
        this.account(chain, address),
        chain.publicClient.getGasPrice(),
      ]);
      const kyc = await this.kyc(tx, userId);
      const open = await repo.open(tx, userId);
      const flight = await spendableFunds(chain, tx, userId, address);
      const [account, gasPrice] = await chainReads;
      const approveAmount = price + flight.allowanceUse;
      const needsApprove = account.allowance < approveAmount;
      const fee = gasPrice * (BUY_GAS + (needsApprove ? APPROVE_GAS : 0n));
      const bnb = flight.bnb;
      const reasons = this.reasons(level, account, kyc, open, {
        usdt: flight.usdt,
        bnb,
        fee,
      });
      const first = reasons[0];
      if (first) throw this.refusal(first, level, { account, kyc, fee, bnb: bnb > 0n ? bnb : 0n });

      const approve = needsApprove
        ? await walletRepository.insert(tx, {
            userId,
            type: 'APPROVE',
            status: 'REQUESTED',
            symbol: 'USDT',
            amount: approveAmount.toString(),
            fromAddress: address,
            toAddress: chain.contracts.usdt,
            callData: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [market, approveAmount],
            }),
            gasLimit: APPROVE_GAS.toString(),
            // A space never appears in a client key, so this cannot collide with one.
            idempotencyKey: `${idempotencyKey} approve`,
            requestHash: hash,
          })
        : null;
      const buy = await walletRepository.insert(tx, {
        userId,
        type: 'BUY_NFT',
        status: 'REQUESTED',
        symbol: 'USDT',
        amount: price.toString(),
        fromAddress: address,
        toAddress: market,
        callData: encodeFunctionData({ abi: MeeetMarketAbi, functionName: 'buy', args: [level] }),
        gasLimit: BUY_GAS.toString(),
        idempotencyKey,
        requestHash: hash,
      });
      await repo.insert(tx, {
        transactionId: buy.id,
        userId,
        level,
        approveTransactionId: approve?.id ?? null,
        status: 'pending',
      });
      return { replay: null, approve, buy };
    });
    if (outcome.replay || !outcome.buy) {
      return { status: 202, body: await this.replayBuy(chain, outcome.replay!, hash) };
    }

    let approve = outcome.approve;
    let buy = outcome.buy;
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
    const market = this.market(chain);
    if (!idempotencyKey) throw keyRequired();
    const userId = auth.user.id;
    const address = chain.keys.depositAccount(userId).address;
    await walletRepository.ensureWallet(this.deps.db, userId, address);
    const hash = requestHash('leave', level);

    const outcome = await this.deps.db.transaction(async (tx) => {
      await walletRepository.lockWallet(tx, userId);
      const earlier = await walletRepository.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (earlier) {
        if (earlier.requestHash !== hash) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
        const purchase = await repo.findByLeave(tx, earlier.id);
        if (!purchase) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
        return { row: earlier, purchase, replay: true } as const;
      }
      const purchase = await repo.openFor(tx, userId, level);
      const [prepaid, gasPrice, funds] = await Promise.all([
        this.read<bigint>(chain, 'prepaidOf', [level, address]),
        chain.publicClient.getGasPrice(),
        spendableFunds(chain, tx, userId, address),
      ]);
      if (!purchase || purchase.status !== 'queued' || prepaid === 0n) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'market.not-queued',
          params: { name: name(level) },
          details: { reason: 'not-queued' },
        });
      }
      if (purchase.leaveTransactionId) {
        const previous = await walletRepository.findById(tx, purchase.leaveTransactionId);
        if (previous && previous.status !== 'FAIL') {
          return { row: previous, purchase, replay: true } as const;
        }
      }
      const fee = gasPrice * LEAVE_GAS;
      if (funds.bnb < fee) {
        const shown = funds.bnb;
        throw new AppError(ErrorCode.INSUFFICIENT_FEE, {
          messageKey: 'market.insufficient-bnb',
          params: {
            balance: `${formatTokenAmount(shown)} ${NATIVE_CURRENCY}`,
            minFee: `${formatTokenAmount(fee)} ${NATIVE_CURRENCY}`,
          },
          details: {
            reason: 'insufficient-bnb',
            balance: shown.toString(),
            minFee: fee.toString(),
          },
        });
      }
      const row = await walletRepository.insert(tx, {
        userId,
        type: 'BUY_NFT',
        status: 'REQUESTED',
        symbol: 'USDT',
        amount: prepaid.toString(),
        fromAddress: address,
        toAddress: market,
        callData: encodeFunctionData({
          abi: MeeetMarketAbi,
          functionName: 'leaveQueue',
          args: [level],
        }),
        gasLimit: LEAVE_GAS.toString(),
        idempotencyKey,
        requestHash: hash,
      });
      await repo.update(tx, purchase.transactionId, { leaveTransactionId: row.id });
      return { row, purchase, replay: false } as const;
    });
    let row = outcome.row;
    if (!outcome.replay) {
      try {
        row = await sender.dispatch(row.id);
      } catch (error) {
        this.deps.log.error({ err: error, transactionId: row.id }, 'leave dispatch failed');
      }
    } else {
      row = (await walletRepository.findById(this.deps.db, row.id)) ?? row;
    }
    return {
      status: 202,
      body: {
        level,
        purchaseTransactionId: outcome.purchase.transactionId,
        transaction: toTransaction(row, chain),
      },
    };
  }

  /**
   * Mints genesis stock with the hot wallet (MINTER_ROLE), one minter at a time across
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
    this.market(chain);
    return mintStock(this.deps.db, chain, level, count);
  }

  /** The meeting service's path: mints the token two holders earned; returns its id. */
  async mintGenerated(level: NftType, generatorA: Address, generatorB: Address): Promise<bigint> {
    const { chain } = this.deps.chain.require();
    const market = this.market(chain);
    const receipt = await sendAsMinter(this.deps.db, chain, {
      address: market,
      abi: MeeetMarketAbi,
      functionName: 'mintGenerated',
      args: [level, generatorA, generatorB],
    });
    const [minted] = parseEventLogs({
      abi: MeeetTokenAbi,
      logs: receipt.logs,
      eventName: 'TokenMinted',
    });
    if (!minted) throw new Error(`mint ${receipt.transactionHash} minted no token`);
    return minted.args.tokenId;
  }
}

/**
 * Sends a call with the hot wallet (MINTER_ROLE), one minter at a time across processes, and
 * waits for its block.
 */
async function sendAsMinter(
  db: Database,
  chain: Chain,
  call: Parameters<ReturnType<Chain['walletClient']>['writeContract']>[0],
): Promise<TransactionReceipt> {
  return db.transaction(async (tx) => {
    await repo.lockMinter(tx);
    const wallet = chain.walletClient(chain.keys.hot);
    const hash = await wallet.writeContract(call);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`mint ${hash} reverted`);
    return receipt;
  });
}

/**
 * Mints `count` genesis tokens of `level` into the market (the admin call and
 * `npm run market:mint`). Queued buyers are served by the contract in the same transaction;
 * the market watcher records their credit.
 */
export async function mintStock(
  db: Database,
  chain: Chain,
  level: NftType,
  count: number,
): Promise<MintStockResponse> {
  const market = chain.contracts.market;
  if (!market) throw new Error('no market contract on this chain');
  const receipt = await sendAsMinter(db, chain, {
    address: market,
    abi: MeeetMarketAbi,
    functionName: 'mintStock',
    args: [level, BigInt(count)],
  });
  const minted = parseEventLogs({
    abi: MeeetTokenAbi,
    logs: receipt.logs,
    eventName: 'TokenMinted',
  });
  const served = parseEventLogs({
    abi: MeeetMarketAbi,
    logs: receipt.logs,
    eventName: 'QueueServed',
  });
  const read = (functionName: 'stockOf' | 'queueLength') =>
    chain.publicClient.readContract({
      address: market,
      abi: MeeetMarketAbi,
      functionName,
      args: [level],
    });
  const [stock, queueLength] = await Promise.all([read('stockOf'), read('queueLength')]);
  return {
    level,
    tokenIds: minted.map((log) => log.args.tokenId.toString()),
    hash: receipt.transactionHash,
    served: served.length,
    stock: Number(stock),
    queueLength: Number(queueLength),
  };
}

export type { SettledStatus };

/** For the monitor: per level, tokens sold, the USDT they brought and the queue's length. */
export async function marketLevelFigures(db: DbExecutor) {
  const rows = await repo.levelFigures(db);
  return NFT_TYPES.map((level) => {
    const row = rows.find((candidate) => candidate.level === level);
    return {
      level,
      sold: row?.sold ?? 0,
      revenue: BigInt(row?.revenue ?? '0'),
      queued: row?.queued ?? 0,
    };
  });
}

/** When the user's first purchase of `level` completed (the meeting rules' 24 h), else null. */
export function firstPurchaseAt(
  db: DbExecutor,
  userId: number,
  level: NftType,
): Promise<Date | null> {
  return repo.firstCompletedAt(db, userId, level);
}
