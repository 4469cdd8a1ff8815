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
