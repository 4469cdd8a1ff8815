/**
 * One read per socket per long turn of the event loop.
 *
 * libuv's poll phase asks epoll for up to 1,024 ready sockets and, while every call comes back
 * full, asks again up to 48 times before the loop moves on to its timers. With thousands of
 * sockets each sending a little every second and the thread most of the way busy, every call
 * comes back full: a socket read early in the phase has sent again by the time the phase is
 * half done. One turn of the loop then lasted 12–14 s in `bench:meet` at 5,000 phones, with no
 * timer (the map's flush wheel, Engine.IO's pings) run all that while.
 *
 * Once a turn has run past `budgetMs`, a socket that was just read stops being read until the
 * turn ends (the loop's check phase), so each ready socket is read once more at most and the
 * phase ends when they all have been. Node has no public way to stop reading a net.Socket (its
 * `pause` keeps reading into the stream's buffer), so this stops the handle itself, and only
 * while Node believes it reads; anything unexpected leaves the socket alone.
 */

interface ReadHandle {
  reading?: boolean;
  readStop?: () => number;
  readStart?: () => number;
}

/** The part of a net.Socket this uses: its libuv handle (an internal of Node's `net`). */
export interface ReadableTcp {
  _handle?: ReadHandle | null;
  destroyed?: boolean;
  on(event: 'data', listener: () => void): unknown;
}

export class FairReads {
  private turnStartedAt = -1;
  private readonly stopped: { tcp: ReadableTcp; handle: ReadHandle }[] = [];

  constructor(
    private readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Reads of this TCP socket take their turn. */
  watch(tcp: ReadableTcp): void {
    tcp.on('data', () => this.read(tcp));
  }

  private read(tcp: ReadableTcp): void {
    const now = this.now();
    if (this.turnStartedAt < 0) {
      this.turnStartedAt = now;
      setImmediate(() => this.turnEnded());
      return;
    }
    if (now - this.turnStartedAt < this.budgetMs) return;
    const handle = tcp._handle;
    if (tcp.destroyed || handle?.reading !== true || typeof handle.readStop !== 'function') return;
    if (typeof handle.readStart !== 'function') return;
    if (handle.readStop() === 0) this.stopped.push({ tcp, handle });
  }

  private turnEnded(): void {
    this.turnStartedAt = -1;
    for (const { tcp, handle } of this.stopped) {
      // Closed meanwhile, or stopped by Node (its buffer full): nothing to start, or Node will.
      if (tcp.destroyed || tcp._handle !== handle || handle.reading !== true) continue;
      handle.readStart?.();
    }
    this.stopped.length = 0;
  }
}
