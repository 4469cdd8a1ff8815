import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import Fastify from 'fastify';
import { createTestDatabase } from '../../test/helpers.ts';
import { LeaderLock } from './leader-lock.ts';

const RETRY_MS = 100;
const log = Fastify({ logger: false }).log;

/** Resolves once `check` holds, looked at every 20 ms; fails after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  await vi.waitUntil(check, { timeout: timeoutMs, interval: 20 });
}

/**
 * Resolves once the contender for `name` that holds no lock has asked for it `rounds` more
 * times: PostgreSQL restamps its session's `query_start` at every try.
 */
async function followerTried(url: string, name: string, rounds: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const seen = new Set<string>();
  try {
    await until(async () => {
      const { rows } = await admin.query<{ started: string }>(
        "select s.query_start::text as started from pg_stat_activity s where s.application_name = $1 and s.query like '%pg_try_advisory_lock%' and not exists (select 1 from pg_locks l where l.pid = s.pid and l.locktype = 'advisory' and l.granted)",
        [`meeet leader ${name}`],
      );
      for (const row of rows) seen.add(row.started);
      return seen.size > rounds;
    });
  } finally {
    await admin.end();
  }
}

/** A contender; an election while `rivalRuns()` holds is counted in `overlaps`. */
function contender(url: string, name: string, rivalRuns = () => false) {
  const state = { running: false, elections: 0, demotions: 0, overlaps: 0 };
  const lock = new LeaderLock({
    connectionString: url,
    name,
    retryMs: RETRY_MS,
    log,
    onElected: () => {
      if (rivalRuns()) state.overlaps++;
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

/** Two contenders for `name`, each counting an election beside the other running. */
function rivals(url: string, name: string) {
  const a: ReturnType<typeof contender> = contender(url, name, () => b.state.running);
  const b: ReturnType<typeof contender> = contender(url, name, () => a.state.running);
  return [a, b] as const;
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
    await followerTried(url, 'test:handover', 3);
    expect(b.state.running).toBe(false);
    await a.lock.stop();
    expect(a.state.running).toBe(false);
    await until(() => b.state.running);
    expect(b.lock.isLeader).toBe(true);
    await b.lock.stop();
  });

  it('gives up leadership when its connection is killed, and another takes over', async () => {
    const [a, b] = rivals(url, 'test:killed');
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
    // Both retry on fresh connections; whichever asks first leads, and only one ever runs:
    // an election beside a running rival is counted, through several of the other's tries.
    await until(() => a.state.running || b.state.running);
    await followerTried(url, 'test:killed', 3);
    expect(a.state.overlaps + b.state.overlaps).toBe(0);
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
