import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { Poller } from './poller.ts';
import { WorkerStatusRegistry } from './worker-status.ts';

// Fastify without a logger hands out its no-op logger.
const log = Fastify({ logger: false }).log;

describe('Poller', () => {
  it('records every good pass, counts failures, and leaves the registry when stopped', async () => {
    const status = new WorkerStatusRegistry();
    let failing = false;
    let passes = 0;
    const poller = new Poller(
      'test worker',
      async () => {
        passes++;
        if (failing) throw new Error('rpc down');
      },
      10,
      log,
      status,
      200,
    );
    expect(status.snapshot()).toEqual({});
    poller.start();
    try {
      expect(status.snapshot()['test worker']).toMatchObject({ status: 'ok', lastTickAgoMs: null });
      await vi.waitFor(() =>
        expect(status.snapshot()['test worker']?.lastTickAgoMs).not.toBeNull(),
      );
      expect(passes).toBeGreaterThan(0);

      failing = true;
      await vi.waitFor(() => expect(status.snapshot()['test worker']?.failures).toBeGreaterThan(0));
      // No good pass within the bound (200 ms): stale, which makes the process not ready.
      await vi.waitFor(() => expect(status.snapshot()['test worker']?.status).toBe('stale'), {
        timeout: 5_000,
      });

      failing = false;
      await vi.waitFor(
        () => expect(status.snapshot()['test worker']).toMatchObject({ status: 'ok', failures: 0 }),
        { timeout: 5_000 },
      );
    } finally {
      await poller.stop();
    }
    expect(status.snapshot()).toEqual({});
  });
});
