import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { LimiterFactory } from '../../plugins/limiters.ts';

/** Wrong second factors a user may send in the window before every try is refused. */
export const FACTOR_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;

/**
 * Failed second-factor checks counted per user (not per source: a thief with the password
 * but not the phone may come from anywhere). Once spent, even a right code waits.
 */
export class FactorLimiter {
  private readonly failures: RateLimiterAbstract;

  constructor(createLimiter: LimiterFactory) {
    this.failures = createLimiter({
      keyPrefix: 'factor-failures',
      points: FACTOR_FAILURES,
      durationSeconds: WINDOW_SECONDS,
    });
  }

  /** Throws 429 with the wait while the user's failures are spent. */
  async assertAllowed(userId: number): Promise<void> {
    const state = await this.failures.get(String(userId));
    if (!state || state.remainingPoints > 0) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    throw new AppError(ErrorCode.RATE_LIMITED, {
      messageKey: 'msg.factor-locked',
      params: { count: retryAfterSeconds },
      retryAfterSeconds,
    });
  }

  async recordFailure(userId: number): Promise<void> {
    // consume() rejects once the points are spent; assertAllowed reads the lock.
    await this.failures.consume(String(userId)).catch(() => undefined);
  }
}
