import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, type Registry } from 'prom-client';

const WINDOW_MS = 60_000;
/** Bounds the memory of the window under a flood; p95 of the newest 20 000 is still honest. */
const WINDOW_MAX = 20_000;

/**
 * Request rate, 5xx rate and p95 latency of the last minute for the monitor, kept in process
 * (a ring of recent requests), and the same requests as a Prometheus histogram for Grafana.
 */
export class HttpStats {
  private readonly recent: { at: number; ms: number; error: boolean }[] = [];

  record(ms: number, status: number, now = Date.now()): void {
    this.recent.push({ at: now, ms, error: status >= 500 });
    if (this.recent.length > WINDOW_MAX) this.recent.splice(0, this.recent.length - WINDOW_MAX);
  }

  lastMinute(now = Date.now()): {
    requestsPerMinute: number;
    errorsPerMinute: number;
    p95Ms: number | null;
  } {
    const since = now - WINDOW_MS;
    const firstKept = this.recent.findIndex((entry) => entry.at >= since);
    this.recent.splice(0, firstKept === -1 ? this.recent.length : firstKept);
    const durations = this.recent.map((entry) => entry.ms).sort((a, b) => a - b);
    const p95 = durations.length
      ? (durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.95) - 1)] ?? null)
      : null;
    return {
      requestsPerMinute: this.recent.length,
      errorsPerMinute: this.recent.filter((entry) => entry.error).length,
      p95Ms: p95 === null ? null : Math.round(p95 * 10) / 10,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    httpStats: HttpStats;
    metricsRegistry: Registry;
  }
}

/**
 * Times every request that reaches the app (its response hook), with the route pattern as the
 * label rather than the URL, so ids in paths do not explode the series.
 */
async function httpStatsPlugin(app: FastifyInstance, { registry }: { registry: Registry }) {
  const stats = new HttpStats();
  const histogram = new Histogram({
    name: 'meeet_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.decorate('httpStats', stats);
  app.decorate('metricsRegistry', registry);
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    stats.record(ms, reply.statusCode);
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      ms / 1000,
    );
  });
}

export const httpStats = fp(httpStatsPlugin, { name: 'http-stats' });
