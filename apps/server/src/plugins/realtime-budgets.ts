/**
 * How often each client event may come: a token bucket per socket and one per user, shared by
 * the user's sockets in this process (docs/decisions.md "Realtime event budgets").
 */
import type { ClientEventName } from '@meeet/core/api/realtime';

/** A token bucket's size: `burst` events at once, then `perMinute` as it refills. */
export interface Rate {
  burst: number;
  perMinute: number;
}

export interface EventBudget {
  socket: Rate;
  user: Rate;
  /**
   * At most one of the kind in flight per socket, the rest refused at once: the events that
   * wait on the database or the store, so one socket cannot hold many of its connections.
   * Positions wait in their own queue instead (one waiting per socket, see meet.socket.ts).
   */
  oneInFlight: boolean;
}

export type EventBudgets = Record<ClientEventName, EventBudget>;

/**
 * Sized from what the app sends (apps/mobile), about three times its busiest real pace, and far
 * below what hurts the server. The user's bucket holds two devices' worth.
 */
export const EVENT_BUDGETS: EventBudgets = {
  // At most one per 1.1 s (position-sender.ts), usually every 15 s or 10 m (location.ts); the
  // map service takes one a second per user whatever comes.
  position: {
    socket: { burst: 10, perMinute: 180 },
    user: { burst: 20, perMinute: 360 },
    oneInFlight: false,
  },
  // A tap each (a mood change raises again, a ghost follows a raise when it is wanted).
  'hand:raise': {
    socket: { burst: 5, perMinute: 12 },
    user: { burst: 10, perMinute: 24 },
    oneInFlight: true,
  },
  'hand:lower': {
    socket: { burst: 5, perMinute: 12 },
    user: { burst: 10, perMinute: 24 },
    oneInFlight: true,
  },
  'hand:ghost': {
    socket: { burst: 5, perMinute: 12 },
    user: { burst: 10, perMinute: 24 },
    oneInFlight: true,
  },
  // Once when the first fix comes, again on a mood filter or a reconnect. A wide watch costs
  // more than a narrow one (its cells and areas), so only a few a minute.
  'map:watch': {
    socket: { burst: 5, perMinute: 5 },
    user: { burst: 8, perMinute: 8 },
    oneInFlight: true,
  },
  // The app never sends it; the server drops a socket's watch when it goes.
  'map:unwatch': {
    socket: { burst: 5, perMinute: 12 },
    user: { burst: 10, perMinute: 24 },
    oneInFlight: true,
  },
  // Every 2.5 s at most while typing (chat-screen.tsx): 24 a minute.
  'chat:typing': {
    socket: { burst: 5, perMinute: 72 },
    user: { burst: 10, perMinute: 144 },
    oneInFlight: true,
  },
  // At the OS's pace, never closer than 1 s (use-meeting-pings.ts): 4 a minute open, about
  // 17 walking in the background (5 m steps); the detector takes one a second per user.
  'meeting:ping': {
    socket: { burst: 10, perMinute: 60 },
    user: { burst: 20, perMinute: 120 },
    oneInFlight: true,
  },
};

/** Events no listener knows: answered, but not without end. */
export const UNKNOWN_EVENT_RATE: Rate = { burst: 10, perMinute: 30 };

/** A bucket's state: tokens left when last counted, and when that was. */
export interface Bucket {
  tokens: number;
  at: number;
}

export function fullBucket(rate: Rate, now: number): Bucket {
  return { tokens: rate.burst, at: now };
}

/** The bucket's tokens at `now`, refilled since it was last counted. */
function tokensAt(bucket: Bucket, rate: Rate, now: number): number {
  const refilled = (Math.max(0, now - bucket.at) * rate.perMinute) / 60_000;
  return Math.min(rate.burst, bucket.tokens + refilled);
}

/** Whether the bucket has a token at `now` (counted, not taken). */
export function hasToken(bucket: Bucket, rate: Rate, now: number): boolean {
  bucket.tokens = tokensAt(bucket, rate, now);
  bucket.at = now;
  return bucket.tokens >= 1;
}

/** Takes a token counted by `hasToken` just before. */
export function takeToken(bucket: Bucket): void {
  bucket.tokens -= 1;
}

/** Whether the bucket refilled to its burst: it is then the same as a new one. */
function isFull(bucket: Bucket, rate: Rate, now: number): boolean {
  return tokensAt(bucket, rate, now) >= rate.burst;
}

/** One user's buckets in this process, and how many of their sockets are open here. */
export interface UserBuckets {
  sockets: number;
  buckets: Map<string, Bucket>;
}

/** How often the user buckets that refilled are forgotten (a full bucket is a new one). */
const SWEEP_MS = 60_000;

/**
 * The per-user buckets of this process. A user's entry outlives their sockets until its buckets
 * refill, so reconnecting never resets a budget; a periodic sweep forgets the rest.
 */
export class UserBudgets {
  private readonly users = new Map<number, UserBuckets>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly rateOf: (key: string) => Rate,
    private readonly now: () => number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** A socket of the user opened: their buckets, shared with their other sockets. */
  opened(userId: number): UserBuckets {
    let entry = this.users.get(userId);
    if (!entry) this.users.set(userId, (entry = { sockets: 0, buckets: new Map() }));
    entry.sockets++;
    return entry;
  }

  closed(entry: UserBuckets): void {
    entry.sockets--;
  }

  /** Forgets the entries of users with no socket here whose buckets all refilled. */
  sweep(): void {
    const now = this.now();
    for (const [userId, entry] of this.users) {
      if (entry.sockets > 0) continue;
      for (const [key, bucket] of entry.buckets) {
        if (isFull(bucket, this.rateOf(key), now)) entry.buckets.delete(key);
      }
      if (entry.buckets.size === 0) this.users.delete(userId);
    }
  }

  /** How many users' entries are kept (tests). */
  get size(): number {
    return this.users.size;
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
