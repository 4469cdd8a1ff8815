import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthResponseSchema,
  liveResponseSchema,
  readyResponseSchema,
} from '@meeet/core/api/health';
import packageJson from '../../../package.json' with { type: 'json' };
import { workerStatus } from '../../lib/worker-status.ts';
import { probeAll } from './health.service.ts';

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
      const dependencies = await probeAll(app.healthChecks, request.log);
      const allUp = Object.values(dependencies).every((health) => health.status === 'up');
      return reply.code(allUp ? 200 : 503).send({
        status: allUp ? 'ok' : 'degraded',
        version: packageJson.version,
        uptimeSeconds: Math.round(process.uptime()),
        dependencies,
      });
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'The process answers (container health check); asks no dependency',
        response: { 200: liveResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether this process should get traffic: every dependency up, no worker stale',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (request, reply) => {
      const dependencies = await probeAll(app.healthChecks, request.log);
      const workers = workerStatus.snapshot();
      const ready =
        Object.values(dependencies).every((health) => health.status === 'up') &&
        Object.values(workers).every((worker) => worker.status === 'ok');
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
