import { getAddress, zeroAddress, type Address } from 'viem';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
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
import type { Locale } from '@meeet/core/i18n/locale';
import { executorOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { headFor } from './confirmations.ts';
import type { WithdrawalCustody } from './custody.service.ts';
import { devFund } from './dev-fund.ts';
import { spendableFunds } from './spendable.ts';
import { TOKEN_TRANSFER_GAS } from './tx-sender.ts';
import { ensureDepositAddress, transferGas } from './wallet-chain.ts';
import { toTransaction } from './wallet-transactions.ts';
import { walletRepository as repo } from './wallet.repository.ts';
import { Withdrawals, type WalletServiceDeps, type WithdrawInput } from './withdrawals.ts';
export { addressBalances, holdsAnyToken, hotWalletBalances } from './chain-balances.ts';
export { fundAddress } from './dev-fund.ts';
export { toTransaction, transactionsById } from './wallet-transactions.ts';
export type { WalletServiceDeps, WithdrawalCodes, WithdrawInput } from './withdrawals.ts';

/**
 * The wallet: deposit address, balances as the chain says, transactions as mirrored, and
 * withdrawals. Every call acts for the signed-in caller only.
 */
export class WalletService {
  constructor(
    private readonly deps: WalletServiceDeps,
    /** The address book and the pauses after risky changes. */
    readonly custody: WithdrawalCustody,
  ) {
    this.withdrawals = new Withdrawals(deps, custody);
  }

  private readonly withdrawals: Withdrawals;

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

  async fee(): Promise<FeeResponse> {
    const { chain } = this.deps.chain.require();
    const { gasPrice, fee } = await transferGas(chain);
    return {
      symbol: NATIVE_CURRENCY,
      decimals: BNB_DECIMALS,
      gasLimit: TOKEN_TRANSFER_GAS.toString(),
      gasPrice: gasPrice.toString(),
      transferFee: fee.toString(),
      minBalance: fee.toString(),
    };
  }

  async wallet(auth: AuthContext): Promise<WalletResponse> {
    const { chain } = this.deps.chain.require();
    const address = await ensureDepositAddress(this.deps.db, chain, auth.user.id);
    const [funds, { fee }, nfts, hold] = await Promise.all([
      spendableFunds(chain, this.deps.db, auth.user.id, address),
      transferGas(chain),
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
   * Step 1 (no code) mails a code; step 2 (with code and idempotency key) writes the REQUESTED
   * row and hands it to the sender (withdrawals.ts).
   */
  withdraw(
    auth: AuthContext,
    input: WithdrawInput,
    idempotencyKey: string | undefined,
    locale: Locale,
  ): Promise<{ status: 200 | 202; body: WithdrawResponse }> {
    return this.withdrawals.withdraw(auth, input, idempotencyKey, locale);
  }

  /**
   * Development chain only: mints test USDT and sends BNB from the node's funded account
   * (dev-fund.ts).
   */
  async devFund(
    auth: AuthContext,
    amounts: { usdt?: bigint | undefined; bnb?: bigint | undefined },
  ): Promise<DevFundResponse> {
    const { chain } = this.deps.chain.require();
    return devFund(chain, amounts, () => ensureDepositAddress(this.deps.db, chain, auth.user.id));
  }
}

/** For the monitor: deposits and withdrawals not settled yet. */
export function walletPendingFigures(tx: Tx) {
  return repo.pendingCounts(executorOf(tx));
}

/** For the monitor: the last block a chain watcher has read (null before its first pass). */
export function watcherCursor(tx: Tx, name: string): Promise<bigint | null> {
  return repo.cursor(executorOf(tx), name);
}
