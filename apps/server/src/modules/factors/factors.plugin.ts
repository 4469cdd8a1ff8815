import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

async function factors(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  // The audit trail's single entry: the `security` module's record() replaces this log line.
  const recordSecurityEvent = async (event: FactorEvent) => {
    app.log.info({ securityEvent: event }, 'second-factor event');
  };
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

export const factorsPlugin = fp(factors, { name: 'factors', dependencies: ['auth', 'limiters'] });
