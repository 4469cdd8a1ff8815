import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { WithdrawResponse } from '@meeet/core/api/crypto';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { NATIVE_CURRENCY, PAYMENT_CURRENCY, USDT_DECIMALS } from '@meeet/core/constants';
import { tokenAmountParam } from '@meeet/core/format/number';
import type { Locale } from '@meeet/core/i18n/locale';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import type { Database } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { txOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import type { MailRequest } from '../mail/mail.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { WithdrawalCustody } from './custody.service.ts';
import { idempotentCommand, type LedgerEntry } from './ledger.service.ts';
import { spendableFunds } from './spendable.ts';
import { ensureDepositAddress, transferGas } from './wallet-chain.ts';
import { toTransaction } from './wallet-transactions.ts';
import { walletRepository as repo } from './wallet.repository.ts';
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
 * Withdrawals: the destination checks, the mailed code, and the REQUESTED row handed to the
 * sender. WalletService answers the route through it.
 */
export class Withdrawals {
  constructor(
    private readonly deps: WalletServiceDeps,
    private readonly custody: WithdrawalCustody,
  ) {}

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
    const { chain } = this.deps.chain.require();
    const userId = auth.user.id;
    const address = await ensureDepositAddress(this.deps.db, chain, userId);
    if (input.address.toLowerCase() === address.toLowerCase()) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        fields: { address: 'msg.incorrect-address' },
      });
    }

    await this.assertDestination(chain, userId, input.address);

    if (input.code === undefined) {
      const retryAfterSeconds = await this.sendCode(chain, auth, input, address, locale);
      return { status: 200, body: { step: 'code-sent', retryAfterSeconds } };
    }
    const row = await this.submit(chain, auth, { ...input, code: input.code }, address, {
      idempotencyKey,
      locale,
    });
    return { status: 202, body: { step: 'submitted', transaction: toTransaction(row, chain) } };
  }

  /** Step 1: checks the request could go through now and mails a code; its retry delay. */
  private async sendCode(
    chain: Chain,
    auth: AuthContext,
    input: WithdrawInput,
    address: Address,
    locale: Locale,
  ): Promise<number> {
    const userId = auth.user.id;
    await this.custody.assertWithdrawalAllowed(this.deps.db, userId, input.address, locale);
    const funds = await spendableFunds(chain, this.deps.db, userId, address);
    const { fee } = await transferGas(chain);
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
    return retryAfterSeconds;
  }

  /**
   * Step 2: writes the REQUESTED row under the wallet's lock (once per idempotency key) and
   * hands a new row to the sender; a wrong code is refused after it is counted.
   */
  private async submit(
    chain: Chain,
    auth: AuthContext,
    input: WithdrawInput & { code: string },
    address: Address,
    { idempotencyKey, locale }: { idempotencyKey: string | undefined; locale: Locale },
  ): Promise<LedgerEntry> {
    const userId = auth.user.id;
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
        const { fee } = await transferGas(chain);
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
        row = await this.deps.chain.require().sender.dispatch(row.id);
      } catch (error) {
        // The row stays REQUESTED; the tracker signs and sends it on its next pass.
        this.deps.log.error({ err: error, transactionId: row.id }, 'withdrawal dispatch failed');
      }
    }
    return row;
  }
}
