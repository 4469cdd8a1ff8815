import type { FastifyBaseLogger } from 'fastify';
import { settleDay } from '@meeet/core/rules/campaign-charge';
import type { Database } from '../../db/client.ts';
import { Poller } from '../../lib/poller.ts';
import type { CampaignFunds } from './campaign-funds.ts';
import { campaignsRepository as repo, type UnchargedDay } from './campaigns.repository.ts';
import type { CampaignsService } from './campaigns.service.ts';

/** Campaign days charged per pass; the next pass takes the rest. */
const DAYS_PER_PASS = 200;

export interface CampaignChargeDeps {
  db: Database;
  funds: CampaignFunds;
  campaigns: Pick<CampaignsService, 'notify'>;
  mail: { flush(jobId: number): Promise<void> };
  log: FastifyBaseLogger;
}

/**
 * Charges businesses' campaigns once per finished UTC day: seen impressions × the price per
 * 1,000 (rounded down to the smallest unit), as a ledger OUTPUT row to the hot wallet, never
 * more than the owner may spend. The (campaign, day) charge row is written in the same
 * transaction as the ledger row, under the owner's wallet lock, so a repeat or a second worker
 * charges nothing more. A day not paid in full, or a balance left that would not pay another
 * day at the cap, pauses the campaign and mails the owner. `pass()` is one unit of work, run
 * under the chain workers' leader lock.
 */
export class CampaignChargeWorker {
  private poller: Poller | undefined;

  constructor(
    private readonly deps: CampaignChargeDeps,
    private readonly intervalMs = 600_000,
  ) {}

  /** Charges every uncharged finished day; ends campaigns past their end. */
  async pass(now: Date = new Date()): Promise<number> {
    await repo.endExpired(this.deps.db, now);
    const today = now.toISOString().slice(0, 10);
    const days = await repo.unchargedDays(this.deps.db, today, DAYS_PER_PASS);
    let charged = 0;
    for (const day of days) {
      try {
        if (await this.chargeDay(day)) charged++;
      } catch (error) {
        // The day stays uncharged; the next pass tries again.
        this.deps.log.error({ err: error, ...day }, 'campaign day could not be charged');
      }
    }
    return charged;
  }

  private async chargeDay({ campaignId, day }: UnchargedDay): Promise<boolean> {
    const { db, funds } = this.deps;
    const outcome = await db
      .transaction(async (tx) => {
        const campaign = await repo.lock(tx, campaignId);
        const price = (await repo.price(tx))?.pricePerThousand;
        if (!campaign || price === undefined) return null;
        const spendable = await funds.lockedSpendable(tx, campaign.ownerId);
        const impressions = await repo.seenOn(tx, campaignId, day);
        const settled = settleDay({
          impressions,
          pricePerThousand: price,
          spendable,
          dailyCap: campaign.dailyCap ?? 0,
        });
        const transactionId =
          settled.charged > 0n
            ? await funds.charge(tx, {
                userId: campaign.ownerId,
                amount: settled.charged,
                campaignId,
                day,
              })
            : null;
        const inserted = await repo.insertCharge(tx, {
          campaignId,
          day,
          impressions,
          pricePerThousand: price.toString(),
          due: settled.due.toString(),
          charged: settled.charged.toString(),
          transactionId,
        });
        // Charged already (another worker): roll back the ledger row written above.
        if (!inserted) throw new AlreadyCharged();
        let mailJob: number | null = null;
        if (settled.exhausted && campaign.status === 'running') {
          const paused = await repo.update(tx, campaignId, {
            status: 'paused',
            statusReason: 'no-balance',
          });
          mailJob = await this.deps.campaigns.notify(tx, paused, 'no-balance');
        }
        return { transactionId, mailJob };
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyCharged) return null;
        throw error;
      });
    if (!outcome) return false;
    if (outcome.mailJob !== null) await this.deps.mail.flush(outcome.mailJob);
    if (outcome.transactionId !== null) {
      try {
        await funds.dispatch(outcome.transactionId);
      } catch (error) {
        // The REQUESTED row stays; the sender's tracker signs it on its next pass.
        this.deps.log.warn(
          { err: error, transactionId: outcome.transactionId },
          'campaign charge dispatch failed',
        );
      }
    }
    return true;
  }

  start(): void {
    this.poller ??= new Poller(
      'campaign charge pass',
      () => this.pass(),
      this.intervalMs,
      this.deps.log,
    );
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller?.stop();
  }
}

class AlreadyCharged extends Error {}
