import { afterEach, describe, expect, it, vi } from 'vitest';
import { PacedFlushes } from './paced-flushes.ts';

afterEach(() => {
  vi.useRealTimers();
});

function pacedOver(periodMs: number) {
  vi.useFakeTimers({ now: 1_000_000 });
  const runs: { item: string; at: number }[] = [];
  const flushes = new PacedFlushes<{ name: string }>({
    periodMs,
    slotsPerPeriod: 10,
    now: () => Date.now(),
    run: (due) => runs.push(...due.map((item) => ({ item: item.name, at: Date.now() }))),
  });
  return { flushes, runs };
}

const [a, b, c] = ['a', 'b', 'c'].map((name) => ({ name })) as [
  { name: string },
  { name: string },
  { name: string },
];

describe('paced flushes', () => {
  it('run an item in the next slot, then not again before a period after its last run', async () => {
    const { flushes, runs } = pacedOver(1000);
    const start = Date.now();
    flushes.request(a);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([{ item: 'a', at: start + 100 }]);

    flushes.request(a);
    flushes.request(a); // asked twice: runs once
    await vi.advanceTimersByTimeAsync(800);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(runs.map((run) => run.at - start)).toEqual([100, 1100]);
    flushes.close();
  });

  it('run every slot that came due while the loop was held, and skip a cancelled item', async () => {
    const { flushes, runs } = pacedOver(1000);
    flushes.request(a);
    await vi.advanceTimersByTimeAsync(100);
    runs.length = 0;
    flushes.request(a);
    flushes.request(b);
    flushes.request(c);
    flushes.cancel(c);
    // The loop is held for 700 ms: the timer has not run when the clock moves on.
    vi.setSystemTime(Date.now() + 900);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs.map((run) => run.item).sort()).toEqual(['a', 'b']);
    expect(flushes.has(c)).toBe(false);
    flushes.close();
  });
});
