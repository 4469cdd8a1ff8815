import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type DependencyHealth,
  healthResponseSchema,
  liveResponseSchema,
  readyResponseSchema,
} from '@meeet/core/api/health';
import { publicRouteOptions } from '../../lib/route-options.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { workerStatus } from '../../lib/worker-status.ts';
import { chainHealth, probeAll } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = publicRouteOptions(['system']);

  app.get(
    '/health',
    open('The state of every dependency, the chain node and the workers', {
      response: { 200: healthResponseSchema, 503: healthResponseSchema },
    }),
    async (request, reply) => {
      const [dependencies, chain] = await Promise.all([
        probeAll(app.healthChecks, request.log),
        chainHealth(app.chain, app.db, request.log),
      ]);
      const workers = workerStatus.snapshot();
      const serving = allUp(dependencies);
      const everything =
        serving &&
        (chain === undefined || chain.state === 'ok') &&
        Object.values(workers).every((worker) => worker.status === 'ok');
      return reply.code(serving ? 200 : 503).send({
        status: everything ? 'ok' : 'degraded',
        version: packageJson.version,
        uptimeSeconds: Math.round(process.uptime()),
        dependencies,
        ...(chain ? { chain } : {}),
        workers,
      });
    },
  );

  app.get(
    '/health/live',
    open('The process answers (container health check); asks no dependency', {
      response: { 200: liveResponseSchema },
    }),
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/health/ready',
    open('Whether this process should get traffic: the database (and Redis) up', {
      response: { 200: readyResponseSchema, 503: readyResponseSchema },
    }),
    async (request, reply) => {
      const dependencies = await probeAll(app.healthChecks, request.log);
      const workers = workerStatus.snapshot();
      // The chain node and the workers are reported, never counted: users can sign in, chat
      // and meet while the node is away, and a load balancer would take all of that away.
      const ready = allUp(dependencies);
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        version: packageJson.version,
        uptimeSeconds: Math.round(process.uptime()),
        dependencies,
        workers,
      });
    },
  );
};

function allUp(dependencies: Record<string, DependencyHealth>): boolean {
  return Object.values(dependencies).every((health) => health.status === 'up');
}
