import { z } from 'zod';

/** One dependency the server needs: the database now, the chain and others as they arrive. */
export const dependencyHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  /** How long the probe took, in milliseconds. */
  latencyMs: z.number().nonnegative(),
});
export type DependencyHealth = z.infer<typeof dependencyHealthSchema>;

/**
 * The chain node as `GET /api/health` sees it. `down`: the node does not answer; `behind`: it
 * answers, but the chain workers' cursors lag its head by more than a bound. Neither takes
 * user traffic away: readiness never asks the chain.
 */
export const chainHealthSchema = z.object({
  state: z.enum(['ok', 'behind', 'down']),
  latencyMs: z.number().nonnegative(),
  /** The node's latest block, as a decimal string; null when it does not answer. */
  headBlock: z.string().nullable(),
  /** The slowest chain worker cursor (shared by every process); null before the first pass. */
  cursorBlock: z.string().nullable(),
});
export type ChainHealth = z.infer<typeof chainHealthSchema>;

/** `GET /api/health/live`: the process answers; nothing else is asked. */
export const liveResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().nonnegative(),
});
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** A background worker of this process (deposit watcher, withdrawal tracker, market watcher). */
export const workerHealthSchema = z.object({
  /** `stale`: no good pass within the worker's bound (reported; it never makes a process unready). */
  status: z.enum(['ok', 'stale']),
  /** Milliseconds since the last good pass; null before the first one. */
  lastTickAgoMs: z.number().nonnegative().nullable(),
  /** Failed passes since the last good one. */
  failures: z.number().int().nonnegative(),
});
export type WorkerHealth = z.infer<typeof workerHealthSchema>;

/**
 * `GET /api/health`: the state of everything this process depends on. 503 (same body) only
 * when a dependency users need is down (the database; Redis when configured); a node that is
 * down or behind, or a stale worker, answers 200 with `status: 'degraded'`. Failure details
 * stay in the server log; the body only says what is down.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** Seconds since this process started. */
  uptimeSeconds: z.number().nonnegative(),
  /** Keyed by dependency name, e.g. `database`, `redis`. */
  dependencies: z.record(z.string(), dependencyHealthSchema),
  /** Absent until the chain is attached (and in processes that run without one). */
  chain: chainHealthSchema.optional(),
  /** Keyed by worker name; only workers running in this process. */
  workers: z.record(z.string(), workerHealthSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * `GET /api/health/ready`: 200 when every dependency users need is up (the database; Redis when
 * configured), 503 (same body) otherwise, so a load balancer sends traffic only to processes
 * that can serve it. The chain node and the workers never count here (see `/api/health`).
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  dependencies: z.record(z.string(), dependencyHealthSchema),
  /** Keyed by worker name; only workers running in this process; reported, never counted. */
  workers: z.record(z.string(), workerHealthSchema),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
