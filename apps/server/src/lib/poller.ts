import type { FastifyBaseLogger } from 'fastify';
import { workerStatus, type WorkerStatusRegistry } from './worker-status.ts';

const MAX_BACKOFF_MS = 60_000;
/**
 * A worker whose last good pass is older than this many intervals (and at least a minute, the
 * longest back-off) makes the process not ready: it is stuck or its dependency is down.
 */
const STALE_AFTER_INTERVALS = 5;
const MIN_STALE_MS = 60_000;

/**
 * Runs `pass` every `intervalMs` until stopped, one pass at a time. A failing pass (an RPC or
 * database outage) is logged and retried with exponential backoff up to a minute. Every pass
 * is recorded in the worker-status registry that readiness reads.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private failures = 0;
  private current: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly status: WorkerStatusRegistry = workerStatus,
    private readonly staleAfterMs = Math.max(MIN_STALE_MS, intervalMs * STALE_AFTER_INTERVALS),
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.status.started(this.name, this.staleAfterMs);
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    try {
      await this.pass();
      this.failures = 0;
      this.status.ticked(this.name);
      this.schedule(this.intervalMs);
    } catch (error) {
      this.failures++;
      this.status.failed(this.name);
      const delay = Math.min(MAX_BACKOFF_MS, this.intervalMs * 2 ** Math.min(this.failures, 10));
      this.log.warn({ err: error, retryInMs: delay }, `${this.name} failed`);
      this.schedule(delay);
    }
  }

  /** Waits for a pass in progress, so nothing runs against a closed pool afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
    this.status.stopped(this.name);
  }
}
