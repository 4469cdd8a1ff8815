import type { FastifyBaseLogger } from 'fastify';

const MAX_BACKOFF_MS = 60_000;

/**
 * Runs `pass` every `intervalMs` until stopped, one pass at a time. A failing pass (an RPC or
 * database outage) is logged and retried with exponential backoff up to a minute.
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
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
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
      this.schedule(this.intervalMs);
    } catch (error) {
      this.failures++;
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
  }
}
