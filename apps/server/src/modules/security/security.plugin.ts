import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { SecurityService } from './security.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account security audit (issue 45), built once. */
    security: SecurityService;
    /** Sessions people control, new-device mails, the anti-phishing phrase (issue 45). */
    accountSecurity: AccountSecurityService;
  }
}

async function security(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const events = new SecurityService(app.db);
  const accountSecurity = new AccountSecurityService({
    db: app.db,
    sessions: app.sessions,
    events,
    mail: app.mail,
    tokens: app.tokens,
    publicUrl: config.publicUrl,
    log: app.log,
    // The wallet's pause for the configured hold (24 h by default); a password reset adds its
    // own pause after it (docs/decisions.md, "New-device mail and This wasn't me").
    freezeWithdrawals: async (userId) => {
      await app.wallet.holdWithdrawals(userId, 'not-me');
    },
  });
  app.decorate('security', events);
  app.decorate('accountSecurity', accountSecurity);
  app.mail.useAntiPhishing((to) => accountSecurity.antiPhishingFor(to));
  app.sessions.onSignedIn((event) => accountSecurity.onSignedIn(event));
}

export const securityEventsPlugin = fp(security, {
  name: 'security-events',
  dependencies: ['db', 'auth', 'mail', 'wallet'],
});
