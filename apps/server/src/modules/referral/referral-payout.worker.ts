import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Poller } from '../../lib/poller.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { executorOf, txOf } from '../../plugins/db.ts';
import type { ReceiptInterpreter } from '../wallet/tx-sender.ts';
import { ledger } from '../wallet/ledger.service.ts';
import { referralRepository as repo } from './referral.repository.ts';

/** Users paid per pass; the next pass takes the rest. */
const USERS_PER_PASS = 100;
/** A referral payout's REWARD row carries this idempotency key prefix and the payout's id. */
export const REFERRAL_PAYOUT_KEY_PREFIX = 'referral-payout ';

export interface PayoutWorkerOptions {
  /** Accrued income below this waits (smallest units). */
  minimum: bigint;
  intervalMs: number;
  now?: () => Date;
}

/**
 * Pays accrued referral rewards on chain as REWARD transfers from the hot wallet: per user at
 * most one transfer per UTC day, only above the minimum. A payout, its REQUESTED transaction
 * row and the rewards it covers are written in one database transaction before anything is
 * signed; the wallet's sender then signs (nonce and signed bytes stored before broadcast) and
 * its tracker re-broadcasts or signs rows a crash left behind. So a crash at any point pays
 * once: before the commit nothing happened, after it the row is the single source of the send.
 * `pass()` is one unit of work, so a leader lock can wrap it.
 */
export class ReferralPayoutWorker {
  private poller: Poller | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly chain: ChainRuntime,
    private readonly log: FastifyBaseLogger,
    private readonly options: PayoutWorkerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Plans the day's payouts (committed rows), then hands each to the sender. */
  async pass(): Promise<number[]> {
    const planned = await this.plan();
    const { sender } = this.chain.require();
    for (const id of planned) {
      try {
        await sender.dispatch(id);
      } catch (error) {
        // The REQUESTED row stays; the sender's tracker signs it on its next pass.
        this.log.warn({ err: error, transactionId: id }, 'referral payout dispatch failed');
      }
    }
    return planned;
  }

  /** Writes the payouts that are due and returns their transaction ids (nothing is sent). */
  async plan(): Promise<number[]> {
    const { chain } = this.chain.require();
    const day = this.now().toISOString().slice(0, 10);
    const due = await repo.dueForPayout(this.db, this.options.minimum, day, USERS_PER_PASS);
    const planned: number[] = [];
    for (const userId of due) {
      const id = await this.db.transaction(async (tx) => {
        const rewards = await repo.lockAccrued(tx, userId);
        const amount = rewards.reduce((sum, r) => sum + BigInt(r.amount), 0n);
        if (amount < this.options.minimum || amount === 0n) return null;
        // The unique (user, day) index refuses a second payout a concurrent worker races in.
        const payout = await repo.insertPayout(tx, { userId, day, amount: amount.toString() });
        const row = await ledger.requestHotWalletReward(txOf(tx), chain, {
          userId,
          amount,
          idempotencyKey: `${REFERRAL_PAYOUT_KEY_PREFIX}${payout.id}`,
        });
        await repo.setPayoutTransaction(tx, payout.id, row.id);
        await repo.markPaid(
          tx,
          rewards.map((r) => r.id),
          payout.id,
        );
        return row.id;
      });
      if (id !== null) planned.push(id);
    }
    return planned;
  }

  start(): void {
    this.poller ??= new Poller(
      'referral payout pass',
      () => this.pass(),
      this.options.intervalMs,
      this.log,
    );
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller?.stop();
  }
}

/**
 * How a settled REWARD row of a referral payout ends its payout (inside the sender's settling
 * transaction): mined → paid; failed → the rewards return to the next payout. Other REWARD
 * rows (the market's generator payouts) settle as usual.
 */
export function payoutInterpreter(): ReceiptInterpreter {
  return async (unit, row, receipt) => {
    const tx = executorOf(unit);
    const payout = await repo.payoutByTransaction(tx, row.id);
    if (!payout) return null;
    const paid = receipt !== null && receipt.status === 'success';
    await repo.settlePayout(tx, payout.id, paid);
    return null;
  };
}
