import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_BUDGETS,
  fullBucket,
  hasToken,
  takeToken,
  UserBudgets,
  type Rate,
} from './realtime-budgets.ts';

const rate: Rate = { burst: 3, perMinute: 6 };

/** Takes tokens while there are any; how many it took. */
function drain(bucket: ReturnType<typeof fullBucket>, at: number): number {
  let taken = 0;
  while (hasToken(bucket, rate, at)) {
    takeToken(bucket);
    taken++;
  }
  return taken;
}

describe('a token bucket', () => {
  it('lets its burst through at once, then one event per refill interval', () => {
    const bucket = fullBucket(rate, 0);
    expect(drain(bucket, 0)).toBe(3);
    // 6 a minute: a token every 10 s.
    expect(drain(bucket, 9_999)).toBe(0);
    expect(drain(bucket, 10_000)).toBe(1);
    // Never more than its burst, however long it waited.
    expect(drain(bucket, 3_600_000)).toBe(3);
  });

  it('does not count a clock that went back as refill', () => {
    const bucket = fullBucket(rate, 50_000);
    drain(bucket, 50_000);
    expect(drain(bucket, 0)).toBe(0);
  });
});

describe('the user buckets of a process', () => {
  let now = 0;
  let budgets: UserBudgets | undefined;
  afterEach(() => budgets?.close());

  it('share one entry between the user sockets and outlive them until their buckets refill', () => {
    budgets = new UserBudgets(
      () => rate,
      () => now,
    );
    const phone = budgets.opened(7);
    const tablet = budgets.opened(7);
    expect(tablet).toBe(phone);
    const bucket = fullBucket(rate, now);
    phone.buckets.set('chat:typing', bucket);
    drain(bucket, now);
    budgets.closed(phone);
    budgets.closed(tablet);

    // Reconnecting at once finds the emptied bucket: no budget is reset by a new socket.
    budgets.sweep();
    expect(budgets.size).toBe(1);
    expect(budgets.opened(7).buckets.get('chat:typing')).toBe(bucket);
    budgets.closed(phone);

    now = 30_000;
    budgets.sweep();
    expect(budgets.size).toBe(0);
  });
});

describe('the budgets', () => {
  it('give every client event a socket and a user bucket, the user at least the socket', () => {
    for (const [event, budget] of Object.entries(EVENT_BUDGETS)) {
      expect(budget.socket.burst, event).toBeGreaterThanOrEqual(1);
      expect(budget.user.burst, event).toBeGreaterThanOrEqual(budget.socket.burst);
      expect(budget.user.perMinute, event).toBeGreaterThanOrEqual(budget.socket.perMinute);
    }
  });

  it('keep watches, whose work grows with their radius, to a few a minute', () => {
    expect(EVENT_BUDGETS['map:watch'].socket.perMinute).toBeLessThanOrEqual(6);
    expect(EVENT_BUDGETS['map:watch'].user.perMinute).toBeLessThanOrEqual(10);
  });
});
