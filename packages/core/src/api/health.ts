import { z } from 'zod';

/** One dependency the server needs: the database now, the chain and others as they arrive. */
export const dependencyHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  /** How long the probe took, in milliseconds. */
  latencyMs: z.number().nonnegative(),
});
export type DependencyHealth = z.infer<typeof dependencyHealthSchema>;

/**
 * `GET /api/health`: 200 when every dependency is up, 503 (same body) otherwise. Failure
 * details stay in the server log; the body only says which dependency is down.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** Seconds since this process started. */
  uptimeSeconds: z.number().nonnegative(),
  /** Keyed by dependency name, e.g. `database`. */
  dependencies: z.record(z.string(), dependencyHealthSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`: the process answers; nothing else is asked. */
export const liveResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().nonnegative(),
});
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** A background worker of this process (deposit watcher, withdrawal tracker, market watcher). */
export const workerHealthSchema = z.object({
  /** `stale`: no good pass within the worker's bound, so the process is not ready. */
  status: z.enum(['ok', 'stale']),
  /** Milliseconds since the last good pass; null before the first one. */
  lastTickAgoMs: z.number().nonnegative().nullable(),
  /** Failed passes since the last good one. */
  failures: z.number().int().nonnegative(),
});
export type WorkerHealth = z.infer<typeof workerHealthSchema>;

/**
 * `GET /api/health/ready`: 200 when every dependency is up and no worker is stale, 503 (same
 * body) otherwise, so a load balancer sends traffic only to processes that can serve it.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  dependencies: z.record(z.string(), dependencyHealthSchema),
  /** Keyed by worker name; only workers running in this process. */
  workers: z.record(z.string(), workerHealthSchema),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
