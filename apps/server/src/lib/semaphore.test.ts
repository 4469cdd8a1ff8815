import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './semaphore.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Semaphore', () => {
  it('runs at most `concurrency` tasks at once and refuses beyond the queue', async () => {
    const semaphore = new Semaphore(2, 1);
    let running = 0;
    let peak = 0;
    const gates = [deferred(), deferred(), deferred()];
    const tasks = gates.map((gate) =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
      }),
    );
    await expect(semaphore.run(async () => {})).rejects.toBeInstanceOf(QueueFullError);
    for (const gate of gates) gate.resolve();
    await Promise.all(tasks);
    expect(peak).toBe(2);
    // Slots are free again afterwards.
    await expect(semaphore.run(async () => 'done')).resolves.toBe('done');
  });

  it('frees the slot when a task fails', async () => {
    const semaphore = new Semaphore(1, 0);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(async () => 1)).resolves.toBe(1);
  });
});
