/**
 * Runs each waiting item at most once a period, each at its own phase: an item asked for again
 * within a period of its last run waits for the rest of it. The due items of a slot run
 * together; slots are a fraction of the period, so the work is spread over it instead of one
 * burst per period. Time, not timer counts, decides what is due: a busy loop that runs the
 * timer late runs every slot that came due meanwhile.
 */
export class PacedFlushes<T extends object> {
  private readonly slots = new Map<number, T[]>();
  /** The slot each waiting item runs in. */
  private readonly waiting = new Map<T, number>();
  /** When each item last ran. */
  private readonly lastRun = new WeakMap<T, number>();
  private readonly now: () => number;
  private readonly slotMs: number;
  private readonly origin: number;
  private lastSlot: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly options: {
      periodMs: number;
      /** Slots per period (20: a run waits at most a twentieth of a period past its due time). */
      slotsPerPeriod: number;
      /** The pacing's own clock (default `Date.now`), apart from any clock of the domain. */
      now?: () => number;
      run: (due: T[]) => void;
    },
  ) {
    this.slotMs = options.periodMs / options.slotsPerPeriod;
    this.now = options.now ?? Date.now;
    this.origin = this.now();
    this.lastSlot = 0;
    this.timer = setInterval(() => this.runDue(), this.slotMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** Whether `item` waits for its run. */
  has(item: T): boolean {
    return this.waiting.has(item);
  }

  /** `item` runs once, in the next slot or a period after its last run, whichever is later. */
  request(item: T): void {
    if (this.waiting.has(item)) return;
    const lastRunAt = this.lastRun.get(item) ?? -Infinity;
    const dueAt = Math.max(this.now(), lastRunAt + this.options.periodMs);
    const slot = Math.max(this.lastSlot + 1, Math.ceil((dueAt - this.origin) / this.slotMs));
    this.waiting.set(item, slot);
    let list = this.slots.get(slot);
    if (!list) this.slots.set(slot, (list = []));
    list.push(item);
  }

  /** `item` no longer waits (it went away); a later request schedules it afresh. */
  cancel(item: T): void {
    this.waiting.delete(item);
  }

  private runDue(): void {
    const now = this.now();
    const current = Math.floor((now - this.origin) / this.slotMs);
    const due: T[] = [];
    // Every slot waiting is within a period of now, so there are few to look at.
    for (const [slot, list] of this.slots) {
      if (slot > current) continue;
      this.slots.delete(slot);
      for (const item of list) {
        // Cancelled, or cancelled and asked for again (it waits in another slot then).
        if (this.waiting.get(item) !== slot) continue;
        this.waiting.delete(item);
        this.lastRun.set(item, now);
        due.push(item);
      }
    }
    this.lastSlot = Math.max(this.lastSlot, current);
    if (due.length > 0) this.options.run(due);
  }
}
