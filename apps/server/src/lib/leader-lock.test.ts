import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import Fastify from 'fastify';
import { createTestDatabase } from '../../test/helpers.ts';
import { LeaderLock } from './leader-lock.ts';

const RETRY_MS = 100;
const log = Fastify({ logger: false }).log;

/** Resolves once `check` holds, polling every 20 ms; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function contender(url: string, name: string) {
  const state = { running: false, elections: 0, demotions: 0 };
  const lock = new LeaderLock({
    connectionString: url,
    name,
    retryMs: RETRY_MS,
    log,
    onElected: () => {
      state.running = true;
      state.elections++;
    },
    onDemoted: async () => {
      state.running = false;
      state.demotions++;
    },
  });
  return { lock, state };
}

describe('leader lock', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('elects exactly one leader and hands over when it stops', async () => {
    const a = contender(url, 'test:handover');
    const b = contender(url, 'test:handover');
    a.lock.start();
    await until(() => a.state.running);
    b.lock.start();
    // Several of b's retries pass while a leads; b must not run the workers meanwhile.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
    expect(b.state.running).toBe(false);
    await a.lock.stop();
    expect(a.state.running).toBe(false);
    await until(() => b.state.running);
    expect(b.lock.isLeader).toBe(true);
    await b.lock.stop();
  });

  it('gives up leadership when its connection is killed, and another takes over', async () => {
    const a = contender(url, 'test:killed');
    const b = contender(url, 'test:killed');
    a.lock.start();
    await until(() => a.state.running);
    b.lock.start();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // What PostgreSQL sees when the leader's network drops: its session ends, the lock frees.
      const killed = await admin.query(
        "select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity s on s.pid = l.pid where l.locktype = 'advisory' and l.granted and s.application_name = 'meeet leader test:killed'",
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await until(() => a.state.demotions === 1);
    // Both retry on fresh connections; whichever asks first leads, and only one ever runs.
    let both = false;
    const deadline = Date.now() + RETRY_MS * 6;
    while (Date.now() < deadline) {
      both ||= a.state.running && b.state.running;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(both).toBe(false);
    expect(a.state.running !== b.state.running).toBe(true);
    await Promise.all([a.lock.stop(), b.lock.stop()]);
  });

  it('lets different names lead side by side', async () => {
    const a = contender(url, 'test:one');
    const b = contender(url, 'test:two');
    a.lock.start();
    b.lock.start();
    await until(() => a.state.running && b.state.running);
    await Promise.all([a.lock.stop(), b.lock.stop()]);
  });
});
