import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge } from 'prom-client';
import { redisFailures } from './redis.ts';

/** What a metric needs to know of a leader lock (lib/leader-lock.ts). */
export interface LeaderState {
  readonly isLeader: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The leader locks this process contends for, by name; the server adds them as it starts
     * its workers, so `/api/metrics` tells which process leads what.
     */
    leaders: Map<string, LeaderState>;
  }
}

export interface ProcessMetricsOptions {
  pool: pg.Pool;
}

/** ioredis's connection states; `ready` is the one that serves commands. */
const REDIS_STATES = ['wait', 'connecting', 'connect', 'ready', 'reconnecting', 'close', 'end'];

/**
 * Figures of THIS process for Prometheus, which sums or compares them across processes: the
 * runtime (process, heap, event-loop lag, GC: prom-client's default metrics), the sockets it
 * holds, the leader locks it holds, its database pool and its Redis connection, and the shared
 * job queue (the same figure on every process; alert on `max`). Each is read on a scrape.
 */
async function processMetrics(app: FastifyInstance, { pool }: ProcessMetricsOptions) {
  const registers = [app.metricsRegistry];
  collectDefaultMetrics({ register: app.metricsRegistry, prefix: 'meeet_' });
  app.decorate('leaders', new Map<string, LeaderState>());

  new Gauge({
    name: 'meeet_leader',
    help: 'Whether this process holds the leader lock (1) or not (0), by lock',
    labelNames: ['lock'],
    registers,
    collect() {
      for (const [lock, state] of app.leaders) this.set({ lock }, state.isLeader ? 1 : 0);
    },
  });
  new Gauge({
    name: 'meeet_db_pool_connections',
    help: "This process's database connections: in use, idle, and callers waiting for one",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'meeet_jobs',
    help: 'Side-effect jobs in the shared queue: pending, due now, and dead (given up)',
    labelNames: ['state'],
    registers,
    async collect() {
      const counts = await app.jobs.counts();
      this.set({ state: 'pending' }, counts.pending);
      this.set({ state: 'due' }, counts.due);
      this.set({ state: 'dead' }, counts.dead);
    },
  });
  const redis = app.redis;
  if (redis) {
    new Gauge({
      name: 'meeet_redis_up',
      help: "Whether this process's Redis connection is ready (1) or not (0)",
      registers,
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'meeet_redis_state',
      help: "This process's Redis connection state (1 for the current one)",
      labelNames: ['state'],
      registers,
      collect() {
        for (const state of REDIS_STATES) this.set({ state }, redis.status === state ? 1 : 0);
      },
    });
    new Gauge({
      name: 'meeet_redis_failures',
      help: 'Redis calls that failed in this process since it started, by operation (a counter)',
      labelNames: ['operation'],
      registers,
      collect() {
        for (const [operation, n] of redisFailures.byOperation) this.set({ operation }, n);
      },
    });
  }
}

export const processMetricsPlugin = fp(processMetrics, {
  name: 'process-metrics',
  dependencies: ['http-stats', 'db', 'redis', 'jobs'],
});
