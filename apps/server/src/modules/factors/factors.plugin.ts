import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SecurityEventKind } from '@meeet/core/api/security';
import type { AppConfig } from '../../config.ts';
import { FactorLimiter } from './factor-limiter.ts';
import { FactorsService, type FactorEvent } from './factors.service.ts';
import { PasskeyCeremonies, relyingPartyOf } from './passkeys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Second factors (TOTP, recovery codes, passkeys) and the step-up check, built once. */
    factors: FactorsService;
  }
}

const EVENT_KINDS = {
  enrolled: SecurityEventKind.FACTOR_ENROLLED,
  removed: SecurityEventKind.FACTOR_REMOVED,
  failed: SecurityEventKind.FACTOR_FAILED,
} as const;

async function factors(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  // The audit trail's single entry: the security module's record, read on the user's page.
  const recordSecurityEvent = (event: FactorEvent) =>
    app.security.record(event.userId, EVENT_KINDS[event.change], { factor: event.factor });
  app.decorate(
    'factors',
    new FactorsService({
      db: app.db,
      limiter: new FactorLimiter(app.createLimiter),
      passkeys: new PasskeyCeremonies(app.db, relyingPartyOf(config.publicUrl)),
      hashKey: `recovery-codes:${config.jwtSecret}`,
      recordSecurityEvent,
    }),
  );
}

export const factorsPlugin = fp(factors, {
  name: 'factors',
  dependencies: ['auth', 'limiters', 'security-events'],
});
