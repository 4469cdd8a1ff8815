/** Thrown by `Semaphore.run` when the wait queue is full: the caller should shed load. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * At most `concurrency` tasks at once and at most `queueLimit` waiting. CPU-heavy work (password
 * hashing) goes through one, so a flood of it cannot take every thread from the other calls
 * and an overload answers at once instead of piling up requests that will time out anyway.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new QueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so `active` never drops and rises again.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
