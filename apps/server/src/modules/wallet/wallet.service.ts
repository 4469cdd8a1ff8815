import { confirmationsOf, gasFeeOf, headFor } from './confirmations.ts';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { erc20Abi, getAddress, maxUint256, zeroAddress, type Address } from 'viem';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { TestUSDTAbi } from '@meeet/contracts/artifacts/TestUSDT';
import type {
  CryptoInfoResponse,
  DevFundResponse,
  FeeResponse,
  Transaction,
  TransactionListResponse,
  WalletNft,
  WalletResponse,
  WithdrawResponse,
} from '@meeet/core/api/crypto';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  BNB_DECIMALS,
  NATIVE_CURRENCY,
  NETWORK,
  PAYMENT_CURRENCY,
  TOKEN_STANDARD,
  USDT_DECIMALS,
} from '@meeet/core/constants';
import {
  isNftType,
  nftTypeName,
  type TransactionStatus,
  type TransactionType,
} from '@meeet/core/enums';
import { tokenAmountParam } from '@meeet/core/format/number';
import type { Locale } from '@meeet/core/i18n/locale';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import type { Database } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import type { MailRequest } from '../mail/mail.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { idempotentCommand, type LedgerEntry } from './ledger.service.ts';
import { spendableFunds } from './spendable.ts';
import { TOKEN_TRANSFER_GAS } from './tx-sender.ts';
import type { WithdrawalCustody } from './custody.service.ts';
import { walletRepository as repo } from './wallet.repository.ts';
export { addressBalances, holdsAnyToken, hotWalletBalances } from './chain-balances.ts';
import type { ChainTransactionRow } from './wallet.schema.ts';

/** What confirms a withdrawal: the mailed one-time code (CodesService in the app). */
export interface WithdrawalCodes {
  issue(
    email: string,
    purpose: 'withdrawal',
    mailFor: (code: string) => MailRequest,
    subject: string,
  ): Promise<{ retryAfterSeconds: number }>;
  consume(
    tx: Tx,
    email: string,
    purpose: 'withdrawal',
    code: string,
    subject: string,
  ): Promise<boolean>;
}

export interface WalletServiceDeps {
  db: Database;
  chain: ChainRuntime;
  codes: WithdrawalCodes;
  log: FastifyBaseLogger;
}

export interface WithdrawInput {
  address: Address;
  amount: bigint;
  code?: string | undefined;
}

export function toTransaction(
  row: LedgerEntry,
  chain: Chain | null,
  /** The chain's head, for the confirmations of a row that waits (confirmations.ts). */
  head: bigint | null = null,
): Transaction {
  return {
    id: row.id,
    type: row.type as TransactionType,
    status: row.status as TransactionStatus,
    amount: row.amount,
    symbol: row.symbol as 'USDT' | 'BNB',
    decimals: row.symbol === 'USDT' ? USDT_DECIMALS : BNB_DECIMALS,
    from: row.fromAddress,
    to: row.toAddress,
    hash: row.hash,
    explorerUrl: chain ? chain.explorerTxUrl(row.hash) : null,
    blockNumber: row.blockNumber,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    confirmations: confirmationsOf(row, chain, head),
    gasFee: gasFeeOf(row),
  };
}

/** Gas the dev funder keeps for its own two transactions (mint and transfer). */
const DEV_FUND_GAS_RESERVE = 200_000n;

/** Exactly what a withdrawal moves; its code and its idempotency key are bound to it. */
function withdrawalSubject(input: WithdrawInput): string {
  return JSON.stringify({
    address: input.address.toLowerCase(),
    amount: input.amount.toString(),
    symbol: PAYMENT_CURRENCY,
  });
}

function requestHash(input: WithdrawInput): string {
  return createHash('sha256').update(withdrawalSubject(input)).digest('hex');
}

function insufficientFunds(): AppError {
  return new AppError(ErrorCode.INSUFFICIENT_FUNDS, {
    messageKey: 'msg.insufficient-funds',
    fields: { amount: 'msg.insufficient-funds' },
  });
}

/** Spec §8: the warning carries the BNB balance and the minimum fee to top up. */
function insufficientFee(balance: bigint, minFee: bigint): AppError {
  return new AppError(ErrorCode.INSUFFICIENT_FEE, {
    messageKey: 'wallet.insufficient-fee',
    params: {
      balance: tokenAmountParam(balance, NATIVE_CURRENCY),
      minFee: tokenAmountParam(minFee, NATIVE_CURRENCY),
    },
    details: { balance: balance.toString(), minFee: minFee.toString() },
  });
}

/**
 * The wallet: deposit address, balances as the chain says, transactions as mirrored, and
 * withdrawals. Every call acts for the signed-in caller only.
 */
export class WalletService {
  constructor(
    private readonly deps: WalletServiceDeps,
    /** The address book and the pauses after risky changes. */
    readonly custody: WithdrawalCustody,
  ) {}

  /** Pauses the user's withdrawals after a risky change; see WithdrawalCustody. */
  holdWithdrawals(...args: Parameters<WithdrawalCustody['holdWithdrawals']>) {
    return this.custody.holdWithdrawals(...args);
  }

  info(): CryptoInfoResponse {
    const { chain } = this.deps.chain.require();
    return {
      blockchain: NETWORK,
      network: TOKEN_STANDARD,
      chainId: chain.chainId,
      networkName: chain.networkName,
      devFunding: chain.local,
      symbol: PAYMENT_CURRENCY,
      decimals: USDT_DECIMALS,
      nativeSymbol: NATIVE_CURRENCY,
      nativeDecimals: BNB_DECIMALS,
      contracts: chain.contracts,
      explorerUrl: chain.explorerUrl,
      confirmations: chain.confirmations,
    };
  }

  private async gas(chain: Chain): Promise<{ gasPrice: bigint; fee: bigint }> {
    const gasPrice = await chain.publicClient.getGasPrice();
    return { gasPrice, fee: gasPrice * TOKEN_TRANSFER_GAS };
  }

  async fee(): Promise<FeeResponse> {
    const { chain } = this.deps.chain.require();
    const { gasPrice, fee } = await this.gas(chain);
    return {
      symbol: NATIVE_CURRENCY,
      decimals: BNB_DECIMALS,
      gasLimit: TOKEN_TRANSFER_GAS.toString(),
      gasPrice: gasPrice.toString(),
      transferFee: fee.toString(),
      minBalance: fee.toString(),
    };
  }

  /** The caller's deposit address, recorded so the watcher credits what arrives there. */
  private async ensureAddress(chain: Chain, userId: number): Promise<Address> {
    const address = chain.keys.depositAccount(userId).address;
    await repo.ensureWallet(this.deps.db, userId, address);
    return address;
  }

  async wallet(auth: AuthContext): Promise<WalletResponse> {
    const { chain } = this.deps.chain.require();
    const address = await this.ensureAddress(chain, auth.user.id);
    const [funds, { fee }, nfts, hold] = await Promise.all([
      spendableFunds(chain, this.deps.db, auth.user.id, address),
      this.gas(chain),
      this.nfts(chain, address),
      this.custody.activeHold(auth.user.id),
    ]);
    return {
      address,
      blockchain: NETWORK,
      network: TOKEN_STANDARD,
      symbol: PAYMENT_CURRENCY,
      decimals: USDT_DECIMALS,
      balance: funds.usdtBalance.toString(),
      amount: funds.usdtBalance.toString(),
      reserved: funds.reserved.toString(),
      withdrawable: funds.usdt.toString(),
      nativeSymbol: NATIVE_CURRENCY,
      nativeDecimals: BNB_DECIMALS,
      nativeBalance: funds.bnbBalance.toString(),
      transferFee: fee.toString(),
      canPayFee: funds.bnb >= fee,
      nfts,
      hold,
    };
  }

  /** The caller's tokens (one per level at most), read from the token contract. */
  private async nfts(chain: Chain, address: Address): Promise<WalletNft[]> {
    const token = chain.contracts.token;
    if (!token) return [];
    const ids = await chain.publicClient.readContract({
      address: token,
      abi: MeeetTokenAbi,
      functionName: 'tokensOf',
      args: [address],
    });
    const held = ids.flatMap((id, level) => (id > 0n && isNftType(level) ? [{ id, level }] : []));
    if (held.length === 0) return [];
    const pairs = await Promise.all(
      held.map(({ id }) =>
        chain.publicClient.readContract({
          address: token,
          abi: MeeetTokenAbi,
          functionName: 'generatorsOf',
          args: [id],
        }),
      ),
    );
    const book = await repo.ownersOf(this.deps.db, pairs.flat());
    return held.map(({ id, level }, index) => ({
      id: id.toString(),
      type: level,
      name: `${nftTypeName(level)} #${id}`,
      generators: (pairs[index] ?? [])
        .filter((generator) => generator !== zeroAddress)
        .map((generator) => ({
          address: getAddress(generator),
          userId: book.get(generator.toLowerCase()) ?? null,
        })),
      queuePosition: null,
    }));
  }

  async transactions(
    auth: AuthContext,
    query: {
      type?: TransactionType | undefined;
      status?: TransactionStatus | undefined;
      offset: number;
      limit: number;
    },
  ): Promise<TransactionListResponse> {
    const chain = this.deps.chain.attached ? this.deps.chain.require().chain : null;
    const page = await repo.list(
      this.deps.db,
      auth.user.id,
      { type: query.type, status: query.status },
      { offset: query.offset, limit: query.limit },
    );
    const head = await headFor(chain, page.list);
    return {
      offset: query.offset,
      limit: query.limit,
      total: page.total,
      list: page.list.map((row) => toTransaction(row, chain, head)),
    };
  }

  /** One of the caller's transactions; anybody else's is 404, as if it did not exist. */
  async transaction(auth: AuthContext, id: number): Promise<Transaction> {
    const row = await repo.findForUser(this.deps.db, auth.user.id, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const chain = this.deps.chain.attached ? this.deps.chain.require().chain : null;
    return toTransaction(row, chain, await headFor(chain, [row]));
  }

  /**
   * Refuses a destination where the money would be lost: the platform's own contracts and hot
   * wallet, another user's deposit address (the watcher would credit it as their deposit, and
   * the sender expects an internal transfer that does not exist), and any contract.
   */
  private async assertDestination(chain: Chain, userId: number, to: Address): Promise<void> {
    const refuse = (messageKey: string) =>
      new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey,
        fields: { address: messageKey },
      });
    const lower = to.toLowerCase();
    const platform = [
      chain.contracts.usdt,
      chain.contracts.token,
      chain.contracts.market,
      chain.keys.hot.address,
      chain.devFunder?.address,
    ];
    if (platform.some((address) => address?.toLowerCase() === lower)) {
      throw refuse('wallet.address-is-platform');
    }
    const owner = (await repo.ownersOf(this.deps.db, [to])).get(lower);
    if (owner !== undefined && owner !== userId) throw refuse('wallet.address-is-internal');
    const code = await chain.publicClient.getCode({ address: to });
    if (code && code !== '0x') throw refuse('wallet.address-is-contract');
  }

  /**
   * Step 1 (no code): checks the request could go through now and mails a code. Step 2 (with
   * code and idempotency key): under a row lock on the wallet, checks funds (final balance −
   * open withdrawals) and BNB for the fee of every open withdrawal plus this one, uses the
   * code, writes the REQUESTED row, commits, and hands the row to the sender.
   */
  async withdraw(
    auth: AuthContext,
    input: WithdrawInput,
    idempotencyKey: string | undefined,
    locale: Locale,
  ): Promise<{ status: 200 | 202; body: WithdrawResponse }> {
    const { chain, sender } = this.deps.chain.require();
    const userId = auth.user.id;
    const address = await this.ensureAddress(chain, userId);
    if (input.address.toLowerCase() === address.toLowerCase()) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        fields: { address: 'msg.incorrect-address' },
      });
    }

    await this.assertDestination(chain, userId, input.address);

    if (input.code === undefined) {
      await this.custody.assertWithdrawalAllowed(this.deps.db, userId, input.address, locale);
      const funds = await spendableFunds(chain, this.deps.db, userId, address);
      const { fee } = await this.gas(chain);
      if (input.amount > funds.usdt) throw insufficientFunds();
      if (funds.bnb < fee) throw insufficientFee(funds.bnbBalance, fee);
      const email = auth.user.email;
      const { retryAfterSeconds } = await this.deps.codes.issue(
        email,
        'withdrawal',
        (code) => ({
          to: email,
          locale,
          template: {
            kind: 'withdrawal-code',
            code,
            amount: unitsToDecimal(input.amount, USDT_DECIMALS),
            symbol: PAYMENT_CURRENCY,
            address: input.address,
          },
        }),
        withdrawalSubject(input),
      );
      return { status: 200, body: { step: 'code-sent', retryAfterSeconds } };
    }

    const hash = requestHash(input);
    const code = input.code;
    const { replayed, result } = await idempotentCommand(this.deps.db, {
      userId,
      address,
      key: idempotencyKey,
      requestHash: hash,
      replay: async (_tx, earlier): Promise<ChainTransactionRow | null> => earlier,
      run: async (tx, key) => {
        // Under the lock: a hold or an address-book change made meanwhile is seen, or waits.
        await this.custody.assertWithdrawalAllowed(tx, userId, input.address, locale);
        // Read under the lock: a withdrawal settling meanwhile waits for it (TxSender.settle).
        const funds = await spendableFunds(chain, tx, userId, address);
        const { fee } = await this.gas(chain);
        if (input.amount > funds.usdt) throw insufficientFunds();
        if (funds.bnb < fee) throw insufficientFee(funds.bnbBalance, fee);
        // A wrong code is counted on this transaction, so it must commit before refusing.
        const subject = withdrawalSubject(input);
        if (
          !(await this.deps.codes.consume(txOf(tx), auth.user.email, 'withdrawal', code, subject))
        ) {
          return null;
        }
        const row = await repo.insert(tx, {
          userId,
          type: 'OUTPUT',
          status: 'REQUESTED',
          symbol: 'USDT',
          amount: input.amount.toString(),
          fromAddress: address,
          toAddress: input.address,
          idempotencyKey: key,
          requestHash: hash,
        });
        return row;
      },
    });
    if (!result) {
      throw new AppError(ErrorCode.INVALID_CODE, { fields: { code: 'error.INVALID_CODE' } });
    }
    let row: LedgerEntry = result;
    if (!replayed) {
      try {
        row = await sender.dispatch(row.id);
      } catch (error) {
        // The row stays REQUESTED; the tracker signs and sends it on its next pass.
        this.deps.log.error({ err: error, transactionId: row.id }, 'withdrawal dispatch failed');
      }
    }
    return { status: 202, body: { step: 'submitted', transaction: toTransaction(row, chain) } };
  }

  /**
   * Development chain only: mints test USDT and sends BNB from the node's funded account.
   * Both amounts are checked first (the token's uint256 supply, the funder's BNB with gas to
   * spare), so a refused request mints and sends nothing.
   */
  async devFund(
    auth: AuthContext,
    amounts: { usdt?: bigint | undefined; bnb?: bigint | undefined },
  ): Promise<DevFundResponse> {
    const { chain } = this.deps.chain.require();
    if (!chain.local || !chain.devFunder) throw new AppError(ErrorCode.NOT_FOUND);
    const usdt = amounts.usdt ?? 1000n * 10n ** BigInt(USDT_DECIMALS);
    const bnb = amounts.bnb ?? 10n ** BigInt(BNB_DECIMALS);
    const [supply, funderBnb, gasPrice] = await Promise.all([
      chain.publicClient.readContract({
        address: chain.contracts.usdt,
        abi: erc20Abi,
        functionName: 'totalSupply',
      }),
      chain.publicClient.getBalance({ address: chain.devFunder.address }),
      chain.publicClient.getGasPrice(),
    ]);
    const mintable = maxUint256 - supply;
    const sendable = funderBnb - gasPrice * DEV_FUND_GAS_RESERVE;
    if (usdt > mintable || bnb > sendable) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'wallet.dev-fund-too-much',
        params: {
          usdt: { number: unitsToDecimal(mintable, USDT_DECIMALS) },
          bnb: { number: unitsToDecimal(sendable > 0n ? sendable : 0n, BNB_DECIMALS) },
        },
        fields: {
          ...(usdt > mintable ? { usdt: 'wallet.dev-fund-too-much' } : {}),
          ...(bnb > sendable ? { bnb: 'wallet.dev-fund-too-much' } : {}),
        },
      });
    }
    const address = await this.ensureAddress(chain, auth.user.id);
    return fundAddress(chain, address, { usdt, bnb });
  }
}

/** Mints test USDT and sends BNB to `address` on the local chain, waiting for both. */
export async function fundAddress(
  chain: Chain,
  address: Address,
  amounts: { usdt: bigint; bnb: bigint },
): Promise<DevFundResponse> {
  if (!chain.devFunder) throw new Error('no development funder on this chain');
  const wallet = chain.walletClient(chain.devFunder);
  const hashes: `0x${string}`[] = [];
  if (amounts.usdt > 0n) {
    hashes.push(
      await wallet.writeContract({
        address: chain.contracts.usdt,
        abi: TestUSDTAbi,
        functionName: 'mint',
        args: [address, amounts.usdt],
      }),
    );
  }
  if (amounts.bnb > 0n)
    hashes.push(await wallet.sendTransaction({ to: address, value: amounts.bnb }));
  for (const hash of hashes) {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`funding transaction ${hash} reverted`);
  }
  return { address, usdt: amounts.usdt.toString(), bnb: amounts.bnb.toString(), hashes };
}

/** For the monitor: deposits and withdrawals not settled yet. */
export function walletPendingFigures(tx: Tx) {
  return repo.pendingCounts(executorOf(tx));
}

/** For the monitor: the last block a chain watcher has read (null before its first pass). */
export function watcherCursor(tx: Tx, name: string): Promise<bigint | null> {
  return repo.cursor(executorOf(tx), name);
}

/** For other modules: their transactions as the API shows them, by id. */
export async function transactionsById(
  tx: Tx,
  chain: Chain | null,
  ids: readonly number[],
): Promise<Map<number, Transaction>> {
  const found = new Map<number, Transaction>();
  for (const id of new Set(ids)) {
    const row = await repo.findById(executorOf(tx), id);
    if (row) found.set(id, toTransaction(row, chain));
  }
  return found;
}
