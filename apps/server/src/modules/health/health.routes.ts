import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type DependencyHealth } from '@meeet/core/api/health';
import packageJson from '../../../package.json' with { type: 'json' };

/** A probe slower than this counts as down: a load balancer must not wait on a stuck database. */
const PROBE_TIMEOUT_MS = 3_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and the state of every dependency',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const entries = await Promise.all(
        [...app.healthChecks].map(async ([name, probe]): Promise<[string, DependencyHealth]> => {
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
            request.log.warn({ err: error, dependency: name }, 'health probe failed');
            return [name, { status: 'down', latencyMs: elapsed(started) }];
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      const allUp = entries.every(([, health]) => health.status === 'up');
      return reply.code(allUp ? 200 : 503).send({
        status: allUp ? 'ok' : 'degraded',
        version: packageJson.version,
        uptimeSeconds: Math.round(process.uptime()),
        dependencies: Object.fromEntries(entries),
      });
    },
  );
};

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
