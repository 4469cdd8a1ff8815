import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  monitorHistoryQuerySchema,
  monitorHistorySchema,
  monitorPaths,
  monitorSnapshotSchema,
} from '@meeet/core/api/monitor';
import { hasRole, Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';

const tags = ['monitor'];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The scrape token when configured and presented; otherwise an admin's session. */
function metricsAccess(config: AppConfig) {
  return async (request: FastifyRequest) => {
    const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const expected = config.monitor.metricsToken;
    if (token && expected && sameSecret(token, expected)) return;
    const caller = await request.authenticate();
    if (!caller) throw new AppError(ErrorCode.TOKEN_INVALID);
    if (!hasRole(caller.user.role as Role, Role.ADMIN)) throw new AppError(ErrorCode.FORBIDDEN);
  };
}

/** The control area's monitor (admins) and the Prometheus endpoint (admins or a scrape token). */
export const monitorRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { service: monitor, refreshGauges } = app.monitor;

  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  const metricsReader = routeOptions(tags, metricsAccess(config));

  app.get(
    monitorPaths.snapshot,
    admin('Admin: the live figures of the product (also pushed as the socket event `monitor`)', {
      response: { 200: monitorSnapshotSchema },
    }),
    () => monitor.snapshot(),
  );

  app.get(
    monitorPaths.history,
    admin('Admin: figures over the last 24 hours or 7 days, for the charts', {
      querystring: monitorHistoryQuerySchema,
      response: { 200: monitorHistorySchema },
    }),
    (request) => monitor.history(request.query.range),
  );

  app.get(
    monitorPaths.metrics,
    metricsReader('Prometheus metrics (admins, or the METRICS_TOKEN as a Bearer token)', {}),
    async (_request, reply) => {
      await refreshGauges();
      return reply.type(app.metricsRegistry.contentType).send(await app.metricsRegistry.metrics());
    },
  );
};
