import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { LimiterFactory } from '../../plugins/limiters.ts';

const ACCOUNT_WINDOW_SECONDS = 15 * 60;
const SOURCE_MEMORY_SECONDS = 24 * 60 * 60;
/** Wrong passwords a source may type for one account before each next try waits. */
const FREE_FAILURES_PER_SOURCE = 3;
const MAX_BACKOFF_SECONDS = 15 * 60;

/** Where a sign-in comes from. */
export interface LoginSource {
  fingerprint: string | null;
  ip: string | null;
}

/**
 * Back-off is counted per IP: the fingerprint header is the client's to choose, so a guesser
 * could send a fresh one with every try. (Trust, by contrast, may come from either: an owner's
 * known device on a new network is still the owner.)
 */
function sourceKey(email: string, source: LoginSource): string {
  return `${email}|ip:${source.ip ?? '-'}`;
}

function locked(retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(ErrorCode.RATE_LIMITED, {
    messageKey: 'msg.login-locked',
    params: { count: retryAfterSeconds },
    retryAfterSeconds,
  });
}

/**
 * Failed sign-ins counted per account AND source, so a guesser cannot lock the owner out:
 * - a source that signed in to the account before (its fingerprint or IP is in the account's
 *   sessions) is trusted and never meets the per-account limit;
 * - unknown sources share the per-account limit (`maxFailuresPerAccount` per 15 min);
 * - every source backs off exponentially after a few wrong passwords for the account
 *   (1 s, 2 s, 4 s … up to 15 min).
 * The per-IP request limit (@fastify/rate-limit) stays in front of all of this.
 */
export class LoginLimiter {
  private readonly unknownSources: RateLimiterAbstract;
  private readonly sourceFailures: RateLimiterAbstract;
  private readonly sourceBackoff: RateLimiterAbstract;

  constructor(createLimiter: LimiterFactory, maxFailuresPerAccount: number) {
    this.unknownSources = createLimiter({
      keyPrefix: 'login-account',
      points: maxFailuresPerAccount,
      durationSeconds: ACCOUNT_WINDOW_SECONDS,
    });
    this.sourceFailures = createLimiter({
      keyPrefix: 'login-source-failures',
      points: Number.MAX_SAFE_INTEGER,
      durationSeconds: SOURCE_MEMORY_SECONDS,
    });
    this.sourceBackoff = createLimiter({
      keyPrefix: 'login-source-backoff',
      points: 1,
      durationSeconds: MAX_BACKOFF_SECONDS,
    });
  }

  /** Throws 429 while this source must wait, or while unknown sources are locked out. */
  /**
   * Both counters are read whatever the answer will be, so a trusted source (only ever one of
   * an existing account) costs the same round trips as any other: the timing of a refusal does
   * not tell that the address has an account.
   */
  async assertAllowed(email: string, source: LoginSource, trusted: boolean): Promise<void> {
    const [backoff, account] = await Promise.all([
      this.sourceBackoff.get(sourceKey(email, source)),
      this.unknownSources.get(email),
    ]);
    if (backoff && backoff.consumedPoints > 1) throw locked(backoff.msBeforeNext);
    if (trusted) return;
    if (account && account.remainingPoints <= 0) throw locked(account.msBeforeNext);
  }

  async recordFailure(email: string, source: LoginSource, trusted: boolean): Promise<void> {
    const key = sourceKey(email, source);
    const failures: RateLimiterRes = await this.sourceFailures.consume(key);
    const beyondFree = failures.consumedPoints - FREE_FAILURES_PER_SOURCE;
    if (beyondFree > 0) {
      const seconds = Math.min(MAX_BACKOFF_SECONDS, 2 ** (beyondFree - 1));
      await this.sourceBackoff.block(key, seconds);
    }
    if (trusted) {
      // A read in place of the count, so both kinds of source do the same work.
      await this.unknownSources.get(email);
    } else {
      // consume() rejects once the points are spent; the lock is what assertAllowed reads.
      await this.unknownSources.consume(email).catch(() => undefined);
    }
  }

  /** A right password clears this source's record (the owner's typos are forgotten). */
  async recordSuccess(email: string, source: LoginSource): Promise<void> {
    const key = sourceKey(email, source);
    await Promise.all([this.sourceFailures.delete(key), this.sourceBackoff.delete(key)]);
  }
}
