import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SecurityEventKind } from '@meeet/core/api/security';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';
import { factorHeader } from '../../plugins/factor-header.ts';
import { FactorLimiter } from './factor-limiter.ts';
import { FactorsService, type FactorEvent } from './factors.service.ts';
import { PasskeyCeremonies, relyingPartyOf } from './passkeys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Second factors (TOTP, recovery codes, passkeys) and the step-up check, built once. */
    factors: FactorsService;
    /**
     * A route's `preHandler` after `requireAuth`: a caller who holds a second factor proves it
     * in the factor header (issue 45: address-book and security changes), else 403.
     */
    requireFactor: (request: FastifyRequest) => Promise<void>;
  }
}

function isFactorReset(event: FactorEvent): boolean {
  return (
    event.change === 'removed' || (event.change === 'enrolled' && event.factor === 'recovery-codes')
  );
}

const EVENT_KINDS = {
  enrolled: SecurityEventKind.FACTOR_ENROLLED,
  removed: SecurityEventKind.FACTOR_REMOVED,
  failed: SecurityEventKind.FACTOR_FAILED,
} as const;

async function factors(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  // The audit trail's single entry: the security module's record, read on the user's page.
  const recordSecurityEvent = async (event: FactorEvent) => {
    await app.security.record(event.userId, EVENT_KINDS[event.change], { factor: event.factor });
    // A factor removed or its recovery codes replaced is a reset (issue 45 item 3): whoever
    // did it may be an intruder who got past the factor, so withdrawals wait 24 h.
    if (isFactorReset(event)) await app.wallet.holdWithdrawals(event.userId, 'factor-reset');
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
  app.decorate('requireFactor', async (request: FastifyRequest) => {
    await app.factors.assertFactor(authOf(request).user.id, factorHeader(request));
  });
}

export const factorsPlugin = fp(factors, {
  name: 'factors',
  dependencies: ['auth', 'limiters', 'security-events', 'wallet'],
});
