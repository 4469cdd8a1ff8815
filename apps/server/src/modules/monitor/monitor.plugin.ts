import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseTokenAmount } from '@meeet/core/rules/amount';
import type { AppConfig } from '../../config.ts';
import { Poller } from '../../lib/poller.ts';
import { txOf } from '../../plugins/db.ts';
import { ADMIN_ROOM, userRoom } from '../../plugins/socket.ts';
import { adminsAmong } from '../users/users.service.ts';
import { MonitorService, registerMonitorGauges } from './monitor.service.ts';

/** The monitor service and the refresh of its Prometheus gauges (before a scrape). */
export interface Monitor {
  service: MonitorService;
  refreshGauges: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The product's live figures, built once; its pollers sample and push them. */
    monitor: Monitor;
  }
}

const SAMPLE_EVERY_MS = 60_000;

/** A configured minimum ('0.1', checked by the config) in smallest units; '0' never warns. */
function minimumUnits(text: string): bigint {
  const parsed = parseTokenAmount(text);
  return parsed.ok ? parsed.units : 0n;
}

/** The monitor service over the app's parts, and the Prometheus gauges it keeps fresh. */
function buildMonitor(app: FastifyInstance, config: AppConfig): Monitor {
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
  return { service: monitor, refreshGauges };
}

/** Samples the figures for the charts, and pushes the snapshot to the admins online. */
function startMonitorPolls(app: FastifyInstance, config: AppConfig, monitor: MonitorService): void {
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

/** The monitor, its gauges, and its pollers (started when the app is ready, stopped on close). */
async function monitor(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const built = buildMonitor(app, config);
  app.decorate('monitor', built);
  startMonitorPolls(app, config, built.service);
}

export const monitorPlugin = fp(monitor, {
  name: 'monitor',
  dependencies: ['db', 'chain', 'socket', 'presence', 'http-stats', 'process-metrics'],
});
