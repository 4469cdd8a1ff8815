/**
 * Bulk work run in short slices between the event loop's other work.
 *
 * A busy server that runs every message to completion where it is read makes everything else
 * wait behind the whole batch: at 5,000 phones a turn of the loop read hundreds of positions,
 * worked each one out (the map, its diffs) and answered it before a timer fired or a chat
 * message's statement came back, so the loop lagged and chat waited for whole turns. Jobs put
 * here run in the loop's check phase, a few milliseconds of them at a time; between two slices
 * the loop runs its timers and reads its sockets, so interactive work (chat, pings, HTTP) waits
 * one slice at most, however much bulk work is queued. The thread does the same work; only
 * the order changes.
 *
 * A slice's size is a number of jobs, set from what the last slices took: a job's synchronous
 * start is only the beginning of its work (its continuations on resolved promises run after it),
 * so a slice is timed whole by a second immediate queued with it, which Node runs in the same
 * check phase once the first one's microtasks are done. Work that waits on I/O (Redis) is timed
 * only to its first wait and so runs in larger slices, as it should: it is mostly waiting.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export interface SlicedQueueOptions {
  /** About how long one slice runs (ms). */
  sliceMs: number;
  /** The most jobs started in one slice. */
  maxBatch?: number;
  now?: () => number;
  /** A job threw (jobs are expected to handle their own failures). */
  onError?: (error: unknown) => void;
}

/**
 * A job's time is the median of the last slices' measures: a collection that falls into a slice
 * makes its jobs look many times dearer than they are, and a mean would shrink the slices after
 * it (and the work done per turn of the loop) for many turns.
 */
const MEASURES_KEPT = 15;

export class SlicedQueue {
  private jobs: (() => void)[] = [];
  /** When each job was pushed, by the same index. */
  private pushedAt: number[] = [];
  private head = 0;
  /** How long jobs waited for their slice, in microseconds (for the benchmarks and traces). */
  readonly waits: RecordableHistogram = createHistogram();
  private scheduled = false;
  /** The last slices' time per job, with its continuations (ms), oldest first. */
  private readonly measures: number[] = [];
  /** Their median; none yet: one job at a time until the first is timed. */
  private jobMs = Infinity;
  private readonly maxBatch: number;
  private readonly now: () => number;

  constructor(private readonly options: SlicedQueueOptions) {
    this.maxBatch = options.maxBatch ?? 512;
    this.now = options.now ?? (() => performance.now());
  }

  /** Jobs waiting for a slice. */
  get size(): number {
    return this.jobs.length - this.head;
  }

  push(job: () => void): void {
    this.jobs.push(job);
    this.pushedAt.push(this.now());
    if (!this.scheduled) this.schedule();
  }

  /** How many jobs the next slice starts. */
  get batch(): number {
    return Math.max(1, Math.min(this.maxBatch, Math.floor(this.options.sliceMs / this.jobMs)));
  }

  private schedule(): void {
    this.scheduled = true;
    let startedAt = 0;
    let count = 0;
    setImmediate(() => {
      startedAt = this.now();
      count = this.runSlice();
    });
    setImmediate(() => {
      if (count > 0) {
        this.measured((this.now() - startedAt) / count);
      }
      this.scheduled = false;
      // Queued from the check phase, the next slice comes after the loop's next timers and reads.
      if (this.size > 0) this.schedule();
    });
  }

  private measured(jobMs: number): void {
    this.measures.push(jobMs);
    if (this.measures.length > MEASURES_KEPT) this.measures.shift();
    const sorted = [...this.measures].sort((a, b) => a - b);
    this.jobMs = sorted[sorted.length >> 1]!;
  }

  private runSlice(): number {
    const count = Math.min(this.batch, this.size);
    const startedAt = this.now();
    for (let n = 0; n < count; n++) {
      const job = this.jobs[this.head]!;
      this.waits.record(Math.max(1, Math.round((startedAt - this.pushedAt[this.head]!) * 1000)));
      this.jobs[this.head++] = noop;
      try {
        job();
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    if (this.head === this.jobs.length) {
      this.jobs = [];
      this.pushedAt = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.jobs.length) {
      this.jobs = this.jobs.slice(this.head);
      this.pushedAt = this.pushedAt.slice(this.head);
      this.head = 0;
    }
    return count;
  }
}

function noop(): void {}
