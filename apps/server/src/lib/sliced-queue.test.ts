import { describe, expect, it } from 'vitest';
import { SlicedQueue } from './sliced-queue.ts';

/** Work of `ms` on the thread, as a position's map work is. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

/** Resolves when `check` holds, looking once per turn of the event loop. */
function until(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (check() ? resolve() : setImmediate(look));
    look();
  });
}

describe('SlicedQueue', () => {
  it('runs every job in order, letting timers in between slices', async () => {
    const queue = new SlicedQueue({ sliceMs: 4 });
    const ran: number[] = [];
    let ranWhenTimerFired = -1;
    setTimeout(() => (ranWhenTimerFired = ran.length), 0);
    for (let n = 0; n < 60; n++) {
      queue.push(() => {
        busy(1);
        ran.push(n);
      });
    }
    await until(() => ran.length === 60);
    expect(ran).toEqual([...Array(60).keys()]);
    expect(ranWhenTimerFired).toBeGreaterThan(0);
    expect(ranWhenTimerFired).toBeLessThan(30);
    expect(queue.size).toBe(0);
  });

  it('times a job with its continuations on resolved promises, not only its start', async () => {
    const queue = new SlicedQueue({ sliceMs: 4 });
    let done = 0;
    for (let n = 0; n < 60; n++) {
      queue.push(() => {
        void (async () => {
          await null;
          busy(1);
          done++;
        })();
      });
    }
    // Slices of about four such jobs once the first has been timed.
    await until(() => done >= 30);
    expect(queue.batch).toBeLessThanOrEqual(8);
    await until(() => done === 60);
  });

  it('goes on after a job that throws, and reports it', async () => {
    const failures: unknown[] = [];
    const queue = new SlicedQueue({ sliceMs: 4, onError: (error) => failures.push(error) });
    const ran: string[] = [];
    queue.push(() => {
      throw new Error('broken job');
    });
    queue.push(() => ran.push('next'));
    await until(() => ran.length === 1);
    expect(failures).toEqual([new Error('broken job')]);
  });
});
