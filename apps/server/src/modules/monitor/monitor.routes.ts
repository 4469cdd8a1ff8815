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
import { parseTokenAmount } from '@meeet/core/rules/amount';
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { Poller } from '../../lib/poller.ts';
import { ADMIN_ROOM, userRoom } from '../../plugins/socket.ts';
import { adminsAmong } from '../users/users.service.ts';
import { MonitorService, registerMonitorGauges } from './monitor.service.ts';
import { txOf } from '../../plugins/db.ts';

const tags = ['monitor'];
const SAMPLE_EVERY_MS = 60_000;

/** A configured minimum ('0.1', checked by the config) in smallest units; '0' never warns. */
function minimumUnits(text: string): bigint {
  const parsed = parseTokenAmount(text);
  return parsed.ok ? parsed.units : 0n;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The monitor service over the app's parts, and the Prometheus gauges it keeps fresh. */
function buildMonitor(app: App, config: AppConfig) {
  const monitor = new MonitorService({
    db: app.db,
    chain: () => (app.chain.attached ? app.chain.require().chain : undefined),
    sockets: async () => {
      const sockets = await app.io.fetchSockets();
      return {
        sockets: sockets.length,
        userIds: sockets.flatMap((s) => (s.data.userId === null ? [] : [s.data.userId])),
      };
    },
    raisedHands: () => app.presence.count(),
    http: app.httpStats,
    hotWalletMin: {
      bnb: minimumUnits(config.monitor.hotWalletMinBnb),
      usdt: minimumUnits(config.monitor.hotWalletMinUsdt),
    },
  });
  const refreshGauges = registerMonitorGauges(app.metricsRegistry, monitor, () => {
    // The main namespace's map holds this process's sockets only (a socket is one connection).
    const local = app.io.sockets.sockets;
    const userIds = new Set<number>();
    for (const socket of local.values()) {
      if (socket.data.userId !== null) userIds.add(socket.data.userId);
    }
    return { sockets: local.size, users: userIds.size };
  });
  return { monitor, refreshGauges };
}

/** Samples the figures for the charts, and pushes the snapshot to the admins online. */
function startMonitorPolls(app: App, config: AppConfig, monitor: MonitorService): void {
  /**
   * Pushes the snapshot to the admins online, when there are any. Only the admins' room is
   * read: asking the role of every user online took a statement with thousands of parameters
   * every few seconds, which stalled the loop at 5,000 sockets.
   */
  const push = async () => {
    const sockets = await app.io.in(ADMIN_ROOM).fetchSockets();
    if (sockets.length === 0) return;
    const userIds = [...new Set(sockets.flatMap((s) => s.data.userId ?? []))];
    const admins = await adminsAmong(txOf(app.db), userIds);
    if (admins.length === 0) return;
    const snapshot = await monitor.snapshot();
    app.io.to(admins.map(userRoom)).emit('monitor', snapshot);
  };
  const pusher = new Poller('monitor push', push, config.monitor.pushMs, app.log);
  const sampler = new Poller('monitor sample', () => monitor.sample(), SAMPLE_EVERY_MS, app.log);
  app.addHook('onReady', async () => {
    pusher.start();
    sampler.start();
  });
  app.addHook('preClose', async () => {
    await pusher.stop();
    await sampler.stop();
  });
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
  const { monitor, refreshGauges } = buildMonitor(app, config);
  startMonitorPolls(app, config, monitor);

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
