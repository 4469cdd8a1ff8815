import { AppError, ErrorCode } from '@meeet/core/api/errors';

const WINDOW_MS = 15 * 60_000;
/** Bounds memory under a flood of made-up addresses; the oldest entries go first. */
const MAX_TRACKED_ADDRESSES = 50_000;

/**
 * Failed logins per e-mail address in a sliding window, so one account cannot be guessed at
 * from many IPs (the per-IP limit is @fastify/rate-limit's). In memory: with several server
 * processes this state belongs in Redis (a sorted set per address) so all of them share it.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 while the address has used up its failures in the window. */
  assertAllowed(email: string): void {
    const recent = this.recent(email);
    if (recent.length < this.maxFailures) return;
    const oldest = recent[0] ?? this.now();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
    throw new AppError(ErrorCode.RATE_LIMITED, 429, { retryAfterSeconds });
  }

  recordFailure(email: string): void {
    const recent = this.recent(email);
    recent.push(this.now());
    // Re-inserting keeps the Map in least-recently-failed order for eviction.
    this.failures.delete(email);
    this.failures.set(email, recent);
    if (this.failures.size > MAX_TRACKED_ADDRESSES) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey !== undefined) this.failures.delete(oldestKey);
    }
  }

  reset(email: string): void {
    this.failures.delete(email);
  }

  private recent(email: string): number[] {
    const since = this.now() - WINDOW_MS;
    const kept = (this.failures.get(email) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(email);
    else this.failures.set(email, kept);
    return kept;
  }
}
