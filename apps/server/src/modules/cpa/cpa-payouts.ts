import type { FastifyBaseLogger } from 'fastify';
import type { CpaPayout, CpaPayoutRequest, CpaRewards } from '@meeet/core/api/cpa';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { PAYMENT_CURRENCY } from '@meeet/core/constants';
import { tokenAmountParam } from '@meeet/core/format/number';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { ledger } from '../wallet/ledger.service.ts';
import { transactionsById } from '../wallet/wallet.service.ts';
import { cpaRepository as repo } from './cpa.repository.ts';

/** A partner payout's REWARD row carries this idempotency key prefix and the payout's id. */
export const CPA_PAYOUT_KEY_PREFIX = 'cpa-payout ';

export interface CpaPayoutsDeps {
  db: Database;
  chain: ChainRuntime;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Partner payouts: what a partner earned and was paid, and the admins' on-chain REWARD. */
export class CpaPayouts {
  constructor(private readonly deps: CpaPayoutsDeps) {}

  private async toPayouts(rows: Awaited<ReturnType<typeof repo.payoutsOf>>): Promise<CpaPayout[]> {
    const chain = this.deps.chain.attached ? this.deps.chain.require().chain : null;
    const transactions = await transactionsById(
      txOf(this.deps.db),
      chain,
      rows.flatMap((row) => (row.transactionId === null ? [] : [row.transactionId])),
    );
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      amount: row.amount,
      transaction:
        row.transactionId === null ? null : (transactions.get(row.transactionId) ?? null),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Spec §7 GET /cpa/rewards: the caller's payouts and what is still owed. */
  async rewards(auth: AuthContext): Promise<CpaRewards> {
    const { db } = this.deps;
    const [earned, unpaid, rows] = await Promise.all([
      repo.earnedOf(db, auth.user.id),
      repo.unpaidOf(db, auth.user.id),
      repo.payoutsOf(db, auth.user.id),
    ]);
    return {
      earned: earned.toString(),
      paid: (earned - unpaid).toString(),
      unpaid: unpaid.toString(),
      items: await this.toPayouts(rows),
    };
  }

  /**
   * Spec §7 POST /cpa/rewards (admins): pays a partner everything earned and unpaid, as one
   * REWARD transfer from the hot wallet. `amount` must equal that sum (what the admin saw), so
   * a click on a stale screen pays nothing unexpected; the conversions are marked in the same
   * transaction as the REWARD row, so a repeat finds nothing left to pay.
   */
  async pay(auth: AuthContext, input: CpaPayoutRequest): Promise<CpaPayout> {
    const { chain, sender } = this.deps.chain.require();
    const { row, payoutId } = await this.deps.db.transaction(async (tx) => {
      const unpaid = await repo.lockUnpaid(tx, input.userId);
      const amount = unpaid.reduce((sum, c) => sum + BigInt(c.payout), 0n);
      if (amount === 0n)
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'cpa.nothing-to-pay' });
      if (amount !== BigInt(input.amount)) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'cpa.payout-mismatch',
          params: { amount: tokenAmountParam(amount, PAYMENT_CURRENCY) },
          details: { amount: amount.toString() },
        });
      }
      const payout = await repo.insertPayout(tx, {
        userId: input.userId,
        amount: amount.toString(),
        createdBy: auth.user.id,
        createdAt: this.deps.now(),
      });
      const row = await ledger.requestHotWalletReward(txOf(tx), chain, {
        userId: input.userId,
        amount,
        idempotencyKey: `${CPA_PAYOUT_KEY_PREFIX}${payout.id}`,
      });
      await repo.settlePayout(
        tx,
        payout.id,
        row.id,
        unpaid.map((c) => c.id),
      );
      return { row, payoutId: payout.id };
    });
    try {
      await sender.dispatch(row.id);
    } catch (error) {
      // The REQUESTED row stays; the sender's tracker signs it on its next pass.
      this.deps.log.warn({ err: error, transactionId: row.id }, 'cpa payout dispatch failed');
    }
    const payouts = await repo.payoutsOf(this.deps.db, input.userId);
    const [payout] = await this.toPayouts(payouts.filter((p) => p.id === payoutId));
    if (!payout) throw new Error('payout vanished after commit');
    return payout;
  }

  /**
   * For the wallet's sender, inside its settling transaction: a payout REWARD that did not
   * make it (reverted or refused) gives its conversions back to the next payout.
   */
  async onRewardSettled(tx: DbExecutor, transactionId: number, succeeded: boolean): Promise<void> {
    if (!succeeded) await repo.releasePayout(tx, transactionId);
  }
}
