import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ModeratorsService } from './moderators.service.ts';
import { StaffSections } from './staff-sections.service.ts';
import { StaffService } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The control area's users: search, a user's page, admin actions. */
    staff: StaffService;
    /** The sections of a user's page in the control area, one call each. */
    staffSections: StaffSections;
    /** Appointing moderators for levels (admins). */
    moderators: ModeratorsService;
  }
}

/** The control area's services, built once over the market, referral and affiliate ones. */
async function staff(app: FastifyInstance): Promise<void> {
  app.decorate(
    'staff',
    new StaffService({
      db: app.db,
      sessions: app.sessions,
      bans: app.bans,
      levelsHeld: (userId) => app.market.levelsHeld(userId),
      log: app.log,
      mail: app.mail,
    }),
  );
  app.decorate(
    'staffSections',
    new StaffSections({ db: app.db, chain: app.chain, referral: app.referral, cpa: app.cpa }),
  );
  app.decorate('moderators', new ModeratorsService({ db: app.db }));
}

export const staffPlugin = fp(staff, {
  name: 'staff',
  dependencies: ['auth', 'mail', 'bans', 'chain', 'market', 'referral', 'cpa'],
});
