import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BusinessService } from './business.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Business accounts (issue 44): other modules ask it for a user's approved business. */
    business: BusinessService;
  }
}

/** The business service, and the completed meetings it attributes to meeting spots. */
async function business(app: FastifyInstance): Promise<void> {
  const service = new BusinessService({
    db: app.db,
    mail: app.mail,
    referral: app.referral,
    log: app.log,
  });
  app.decorate('business', service);
  app.meetingEvents.onCompleted((tx, event) => service.onMeetingCompleted(tx, event));
}

export const businessPlugin = fp(business, {
  name: 'business',
  dependencies: ['db', 'mail', 'referral', 'meeting-events'],
});
