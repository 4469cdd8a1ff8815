import type { FastifyBaseLogger } from 'fastify';
import type { DependencyHealth } from '@meeet/core/api/health';
import type { HealthProbe } from '../../plugins/health-checks.ts';

/** A probe slower than this counts as down: a load balancer must not wait on a stuck database. */
const PROBE_TIMEOUT_MS = 3_000;

/** Runs every probe at once; a failure is logged here and shows only as `down` in the body. */
export async function probeAll(
  probes: ReadonlyMap<string, HealthProbe>,
  log: FastifyBaseLogger,
): Promise<Record<string, DependencyHealth>> {
  const entries = await Promise.all(
    [...probes].map(async ([name, probe]): Promise<[string, DependencyHealth]> => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          probe(),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`timed out after ${PROBE_TIMEOUT_MS} ms`)),
              PROBE_TIMEOUT_MS,
            );
          }),
        ]);
        return [name, { status: 'up', latencyMs: elapsed(started) }];
      } catch (error) {
        log.warn({ err: error, dependency: name }, 'health probe failed');
        return [name, { status: 'down', latencyMs: elapsed(started) }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
