import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CampaignChargeWorker } from './campaign-charges.ts';
import { ledgerFunds } from './campaign-funds.ts';
import { CampaignsService } from './campaigns.service.ts';
import { ReviewRulesService } from './review-rules.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Businesses' self-serve ad campaigns (issue 44). */
    campaigns: CampaignsService;
    /** The admins' review rules of campaigns (issue 44 item 5). */
    reviewRules: ReviewRulesService;
    /** The daily charge of campaigns; the server starts it with the chain workers. */
    campaignCharges: CampaignChargeWorker;
  }
}

async function campaigns(app: FastifyInstance): Promise<void> {
  const funds = ledgerFunds(app.chain);
  const reviewRules = new ReviewRulesService({ db: app.db });
  app.decorate('reviewRules', reviewRules);
  const service = new CampaignsService({
    reviewRules,
    db: app.db,
    mail: app.mail,
    funds,
    approvedBusinessOf: (userId) => app.business.approvedBusinessOf(userId),
  });
  app.decorate('campaigns', service);
  app.decorate(
    'campaignCharges',
    new CampaignChargeWorker({
      db: app.db,
      funds,
      campaigns: service,
      mail: app.mail,
      log: app.log,
    }),
  );
}

export const campaignsPlugin = fp(campaigns, {
  name: 'campaigns',
  dependencies: ['db', 'mail', 'chain', 'business'],
});
