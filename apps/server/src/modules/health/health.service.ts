import type { FastifyBaseLogger } from 'fastify';
import type { ChainHealth, DependencyHealth } from '@meeet/core/api/health';
import type { Database } from '../../db/client.ts';
import type { HealthProbe } from '../../plugins/health-checks.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { txOf } from '../../plugins/db.ts';
import { MARKET_CURSOR } from '../market/market-watcher.ts';
import { DEPOSIT_CURSOR } from '../wallet/deposit-watcher.ts';
import { watcherCursor } from '../wallet/wallet.service.ts';

/** A probe slower than this counts as down: a load balancer must not wait on a stuck database. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * The chain is behind when its slowest worker cursor lags the node's head by more than this
 * many blocks (about half a minute of BNB Smart Chain blocks, several worker passes).
 */
export const CHAIN_BEHIND_BLOCKS = 50n;

/** Resolves with `work`'s value, or rejects once PROBE_TIMEOUT_MS have passed. */
async function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${PROBE_TIMEOUT_MS} ms`)),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The chain's state for `GET /api/health`, or undefined when no chain is attached. The node
 * is asked for its head, the database for the watchers' slowest cursor (shared by every
 * process, so a follower that runs no worker reports the same lag as the leader).
 */
export async function chainHealth(
  chain: Pick<ChainRuntime, 'attached' | 'headBlock'>,
  db: Database,
  log: FastifyBaseLogger,
): Promise<ChainHealth | undefined> {
  if (!chain.attached) return undefined;
  const started = performance.now();
  const cursor = bounded(
    Promise.all([DEPOSIT_CURSOR, MARKET_CURSOR].map((name) => watcherCursor(txOf(db), name))),
  ).then(
    (blocks) => slowest(blocks),
    (error: unknown) => {
      log.warn({ err: error }, 'chain cursor unreadable');
      return null;
    },
  );
  let head: bigint | undefined;
  try {
    head = await bounded(chain.headBlock());
  } catch (error) {
    log.warn({ error: error instanceof Error ? error.message : String(error) }, 'chain node down');
  }
  const cursorBlock = await cursor;
  const latencyMs = elapsed(started);
  if (head === undefined) {
    return {
      state: 'down',
      latencyMs,
      headBlock: null,
      cursorBlock: cursorBlock?.toString() ?? null,
    };
  }
  const behind = cursorBlock !== null && head - cursorBlock > CHAIN_BEHIND_BLOCKS;
  return {
    state: behind ? 'behind' : 'ok',
    latencyMs,
    headBlock: head.toString(),
    cursorBlock: cursorBlock?.toString() ?? null,
  };
}

/** The lowest of the cursors read so far; null when no watcher has read any block yet. */
function slowest(blocks: readonly (bigint | null)[]): bigint | null {
  return blocks.reduce<bigint | null>(
    (low, block) => (block !== null && (low === null || block < low) ? block : low),
    null,
  );
}

/** Runs every probe at once; a failure is logged here and shows only as `down` in the body. */
export async function probeAll(
  probes: ReadonlyMap<string, HealthProbe>,
  log: FastifyBaseLogger,
): Promise<Record<string, DependencyHealth>> {
  const entries = await Promise.all(
    [...probes].map(async ([name, probe]): Promise<[string, DependencyHealth]> => {
      const started = performance.now();
      try {
        await bounded(probe());
        return [name, { status: 'up', latencyMs: elapsed(started) }];
      } catch (error) {
        log.warn({ err: error, dependency: name }, 'health probe failed');
        return [name, { status: 'down', latencyMs: elapsed(started) }];
      }
    }),
  );
  return Object.fromEntries(entries);
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
