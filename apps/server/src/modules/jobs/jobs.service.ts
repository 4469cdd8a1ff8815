import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Poller } from '../../lib/poller.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import { jobsRepository as repo } from './jobs.repository.ts';
import type { JobRow } from './jobs.schema.ts';

/** Runs one job; throwing schedules a retry. The payload is the JSON given to `enqueue`. */
export type JobHandler = (payload: unknown) => Promise<void>;

/**
 * Runs when a job is given up (its last attempt failed), inside the transaction that marks it
 * `dead`, so what it records commits with that. It may answer work to run after the commit
 * (socket pushes). A throw is logged; the job is dead all the same.
 */
export type DeadJobHandler = (
  tx: Tx,
  payload: unknown,
  lastError: string,
) => Promise<void | (() => void | Promise<void>)>;

export interface JobKindOptions {
  onDead?: DeadJobHandler;
}

export interface JobQueueOptions {
  /** Attempts before a job is given up (`dead`). */
  maxAttempts: number;
  /** The first retry waits this long; each further one twice as long, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How often due jobs (retries, jobs of a crashed process) are looked for. */
  pollMs: number;
  /**
   * How long a claimed job is kept from other passes while its handler runs; a process that
   * dies mid-run leaves the job due again after this. Longer than any handler may take.
   */
  leaseMs: number;
}

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  maxAttempts: 8,
  baseDelayMs: 5_000,
  maxDelayMs: 3_600_000,
  pollMs: 1_000,
  leaseMs: 600_000,
};

/** Wait before attempt number `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number, options: JobQueueOptions): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A durable queue of side effects in PostgreSQL (an outbox). Modules register a handler per
 * job kind and `enqueue` on the transaction of the change that causes the job; after the
 * commit they may `runNow` it, so the user still sees the mail at once when all is well. A job
 * is claimed with a lease and run outside any transaction (`runOne`): a crash mid-run leaves it
 * due again when the lease ends, and it runs again — at least once, so handlers must bear a
 * repeat. Every process works the queue; no leader is needed.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly deadHandlers = new Map<string, DeadJobHandler>();
  private readonly poller: Poller;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = DEFAULT_JOB_QUEUE_OPTIONS,
  ) {
    this.poller = new Poller('job queue pass', () => this.drain(), options.pollMs, log);
  }

  register(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
    this.handlers.set(kind, handler);
    if (options.onDead) this.deadHandlers.set(kind, options.onDead);
  }

  /**
   * Writes a job on `tx` (pass the transaction of the change); returns its id. `runAt` delays
   * it (a module's own retry schedule, e.g. postbacks).
   */
  enqueue(tx: Tx, kind: string, payload: unknown, options: { runAt?: Date } = {}): Promise<number> {
    const db = executorOf(tx);
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    return repo.insert(db, kind, payload, options.runAt);
  }

  /**
   * Runs the job now, after its transaction committed. Never throws: a failure is logged and
   * left to the retries. False when it did not succeed now.
   */
  async runNow(id: number): Promise<boolean> {
    try {
      return (await this.runOne(id)) === 'done';
    } catch (error) {
      this.log.error({ err: error, jobId: id }, 'job could not be run');
      return false;
    }
  }

  /** Jobs waiting, due now and given up (the metrics' queue depth). */
  counts(): Promise<{ pending: number; due: number; dead: number }> {
    return repo.counts(this.db);
  }

  /**
   * Runs every due job, one at a time; returns how many ran (successful or not). `now` (tests
   * with a controlled clock) says what is due instead of the database's clock.
   */
  async drain(options: { now?: Date } = {}): Promise<number> {
    let ran = 0;
    while ((await this.runOne(undefined, options.now)) !== 'none') ran++;
    return ran;
  }

  /**
   * Claims a job (a short statement that commits), runs its handler with no transaction open,
   * then records the outcome in a second short transaction. A slow handler (a stalled mail
   * server, a chain node) so never holds a database connection.
   */
  private async runOne(id?: number, now?: Date): Promise<'none' | 'done' | 'failed'> {
    const job = await repo.claim(this.db, new Date(Date.now() + this.options.leaseMs), id, now);
    if (!job) return 'none';
    const handler = this.handlers.get(job.kind);
    let failure: unknown;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
    } catch (error) {
      failure = error ?? new Error('job failed');
    }
    if (failure === undefined) {
      await repo.remove(this.db, job.id);
      return 'done';
    }
    await this.recordFailure(job, failure);
    return 'failed';
  }

  private async recordFailure(job: JobRow, error: unknown): Promise<void> {
    const attempts = job.attempts;
    const dead = attempts >= this.options.maxAttempts;
    const delay = retryDelayMs(attempts, this.options);
    const lastError = error instanceof Error ? error.message : String(error);
    let afterCommit: (() => void | Promise<void>) | undefined;
    await this.db.transaction(async (tx) => {
      await repo.fail(tx, job.id, {
        attempts,
        runAt: new Date(Date.now() + delay),
        lastError,
        dead,
      });
      this.log[dead ? 'error' : 'warn'](
        {
          err: error,
          jobId: job.id,
          kind: job.kind,
          attempts,
          ...(dead ? {} : { retryInMs: delay }),
        },
        dead ? 'job given up' : 'job failed, will retry',
      );
      const onDead = dead ? this.deadHandlers.get(job.kind) : undefined;
      if (!onDead) return;
      try {
        // A savepoint: a failing handler undoes its own writes, not the job's `dead`.
        afterCommit =
          (await tx.transaction((sp) => onDead(txOf(sp), job.payload, lastError))) ?? undefined;
      } catch (deadError) {
        this.log.error(
          { err: deadError, jobId: job.id, kind: job.kind },
          'dead job handler failed',
        );
      }
    });
    if (afterCommit) {
      try {
        await afterCommit();
      } catch (afterError) {
        this.log.error({ err: afterError }, 'dead job handler failed after the commit');
      }
    }
  }

  start(): void {
    this.poller.start();
  }

  async stop(): Promise<void> {
    await this.poller.stop();
  }
}
