import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { executorOf, txOf } from '../../plugins/db.ts';
import { jobsRepository } from './jobs.repository.ts';
import { JobQueue, retryDelayMs } from './jobs.service.ts';

const OPTIONS = {
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
  pollMs: 1_000,
  leaseMs: 60_000,
};

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function queue(kind: string, handler: (payload: unknown) => Promise<void>) {
    const q = new JobQueue(t.db, t.app.log, OPTIONS);
    q.register(kind, handler);
    return q;
  }

  it('keeps no job when the transaction that wrote it rolls back', async () => {
    const ran: unknown[] = [];
    const q = queue('rollback', async (payload) => {
      ran.push(payload);
    });
    let id = 0;
    await expect(
      t.db.transaction(async (tx) => {
        id = await q.enqueue(txOf(tx), 'rollback', { n: 1 });
        throw new Error('business change refused');
      }),
    ).rejects.toThrow('business change refused');
    expect(await jobsRepository.find(t.db, id)).toBeUndefined();
    expect(await q.runNow(id)).toBe(false);
    expect(ran).toEqual([]);
  });

  it('runs a committed job left behind by a crashed process, once, and removes it', async () => {
    const ran: unknown[] = [];
    // The "crashed" process committed the job and never ran it.
    const crashed = queue('left-behind', async () => {});
    const id = await t.db.transaction((tx) =>
      crashed.enqueue(txOf(tx), 'left-behind', { to: 'a' }),
    );
    const survivor = queue('left-behind', async (payload) => {
      ran.push(payload);
    });
    const second = queue('left-behind', async (payload) => {
      ran.push(payload);
    });
    // Two workers drain at once: SKIP LOCKED gives the job to one of them.
    await Promise.all([survivor.drain(), second.drain()]);
    expect(ran).toEqual([{ to: 'a' }]);
    expect(await jobsRepository.find(t.db, id)).toBeUndefined();
  });

  it('runs again a job whose process died mid-run, once its lease has ended', async () => {
    const ran: unknown[] = [];
    const q = queue('leased', async (payload) => {
      ran.push(payload);
    });
    const id = await q.enqueue(txOf(t.db), 'leased', { n: 1 });
    // Another process claimed it for a minute and died before finishing.
    expect(await jobsRepository.claim(t.db, new Date(Date.now() + 60_000), id)).toBeDefined();
    expect(await q.runNow(id)).toBe(false);
    expect(await q.drain()).toBe(0);
    expect(ran).toEqual([]);
    expect(await q.drain({ now: new Date(Date.now() + 61_000) })).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    expect(await jobsRepository.find(t.db, id)).toBeUndefined();
  });

  it('retries a failing job with growing delays and gives up after the last attempt', async () => {
    let calls = 0;
    const q = queue('flaky', async () => {
      calls++;
      throw new Error('smtp down');
    });
    const id = await q.enqueue(txOf(t.db), 'flaky', {});
    const started = Date.now();
    expect(await q.runNow(id)).toBe(false);
    let row = await jobsRepository.find(t.db, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'smtp down' });
    expect(row!.runAt.getTime()).toBeGreaterThanOrEqual(started + 1_000 - 50);
    // Not due yet: a pass leaves it alone.
    await q.drain();
    expect(calls).toBe(1);
    // Due (as if the delay had passed): it runs again, and the next wait doubles.
    await t.db.execute(`update jobs set run_at = now() where id = ${id}`);
    await q.drain();
    row = await jobsRepository.find(t.db, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.runAt.getTime() - Date.now()).toBeGreaterThan(1_500);
    await t.db.execute(`update jobs set run_at = now() where id = ${id}`);
    await q.drain();
    expect(await jobsRepository.find(t.db, id)).toMatchObject({ status: 'dead', attempts: 3 });
    await t.db.execute(`update jobs set run_at = now() where id = ${id}`);
    await q.drain();
    expect(calls).toBe(3);
  });

  it("calls the kind's onDead once when the job is given up: its writes commit with it, then its after-commit work runs", async () => {
    const q = new JobQueue(t.db, t.app.log, OPTIONS);
    const seen: { payload: unknown; lastError: string; jobStatus?: string }[] = [];
    const after: string[] = [];
    let id = 0;
    q.register(
      'doomed',
      async () => {
        throw new Error('chain unreachable');
      },
      {
        onDead: async (tx, payload, lastError) => {
          // Inside the transaction that marks the job dead.
          const row = await jobsRepository.find(executorOf(tx), id);
          seen.push({ payload, lastError, ...(row ? { jobStatus: row.status } : {}) });
          return () => {
            after.push('pushed');
          };
        },
      },
    );
    id = await q.enqueue(txOf(t.db), 'doomed', { meetingId: 7 });
    // Every retry due at once (a played clock): three attempts, then dead.
    await q.drain({ now: new Date(Date.now() + 86_400_000) });
    expect(await jobsRepository.find(t.db, id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(seen).toEqual([
      { payload: { meetingId: 7 }, lastError: 'chain unreachable', jobStatus: 'dead' },
    ]);
    expect(after).toEqual(['pushed']);

    // A failing onDead is logged; the job is dead all the same and nothing repeats.
    const broken = new JobQueue(t.db, t.app.log, { ...OPTIONS, maxAttempts: 1 });
    broken.register(
      'doomed-too',
      async () => {
        throw new Error('down');
      },
      {
        onDead: async () => {
          throw new Error('handler bug');
        },
      },
    );
    const other = await broken.enqueue(txOf(t.db), 'doomed-too', {});
    expect(await broken.runNow(other)).toBe(false);
    expect(await jobsRepository.find(t.db, other)).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('doubles the delay per failure up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, OPTIONS))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
});
