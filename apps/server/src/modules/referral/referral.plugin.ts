import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { payoutInterpreter, REFERRAL_PAYOUT_KEY_PREFIX } from './referral-payout.worker.ts';
import { ReferralService } from './referral.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The referral programme, built once: registration tells it of a promo code. */
    referral: ReferralService;
  }
}

/** The referral service, the market and meeting events it counts, its payouts on the ledger. */
async function referral(app: FastifyInstance): Promise<void> {
  const referral = new ReferralService({
    db: app.db,
    sessions: app.sessions,
    chain: app.chain,
    log: app.log,
  });
  app.decorate('referral', referral);
  app.marketEvents.onPurchaseCompleted((tx, event) => referral.onPurchaseCompleted(tx, event));
  app.marketEvents.onGeneratorPaid((tx, event) => referral.onGeneratorPaid(tx, event));
  // A minted meeting counts in both generators' referrers' trees (docs/decisions.md, income
  // sources: basic meetings count, the money comes as a paid meeting when the token sells).
  app.meetingEvents.onMinted(async (tx, event) => {
    for (const userId of event.userIds) {
      await referral.onMeetingMinted(tx, { userId, eventRef: String(event.meetingId), value: 0n });
    }
  });
  app.chain.interpret('REWARD', payoutInterpreter());
  // Its own REWARD rows only (the market's generator rewards and affiliate payouts are REWARD
  // rows too); a payout that did not go through is told by the payout's retry, not here.
  app.chain.describe('REWARD', (row) => {
    if (!row.idempotencyKey?.startsWith(REFERRAL_PAYOUT_KEY_PREFIX)) return undefined;
    return row.status === 'CONFIRMED' ? { key: 'referral.reward-paid' } : null;
  });
}

export const referralPlugin = fp(referral, {
  name: 'referral',
  dependencies: ['auth', 'chain', 'market-events', 'meeting-events'],
});
