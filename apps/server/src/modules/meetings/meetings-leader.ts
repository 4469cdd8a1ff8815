import type { Meeting, MeetingProgress } from '@meeet/core/api/meetings';
import { MeetingDetector, type DetectorEvent } from './detector.ts';
import type {
  DetectorCall,
  MeetingPingParsed,
  MeetingsContext,
  PingAnswer,
} from './meetings-context.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';
import type { MeetingRow } from './meetings.schema.ts';

/** How soon a failed resume of the running meetings is tried again. */
const RESUME_RETRY_MS = 5_000;
/**
 * How often the leader looks for running meetings it does not score (one whose start reached
 * no leader during a handover, after the new one had read the database).
 */
const RESYNC_MS = 30_000;

/** The scoring the leader does on behalf of a call or of its timer. */
export interface LeaderWork {
  ping(userId: number, fingerprint: string | null, ping: MeetingPingParsed): Promise<PingAnswer>;
  end(meetingId: number, viewerId: number): Promise<Meeting>;
  tick(events: readonly DetectorEvent[]): Promise<void>;
}

/**
 * Leadership of the meetings detector. The detector scores in memory in one process — the
 * leader (every process when there is one, or the holder of the `meeet:meetings` leader lock
 * with Redis); the others carry their users' pings, started and ended meetings to it over the
 * bus. This part owns the detector's state, the timer, the hand-over and the calls' routing.
 */
export class MeetingsLeader {
  /** The leader's detector (an empty one elsewhere). */
  detector: MeetingDetector;
  /** The members of each meeting this detector scores. */
  readonly members = new Map<number, readonly [number, number]>();
  /** When each user's last ping was scored (the one-a-second limit). */
  readonly lastPing = new Map<number, number>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private resumeRetry: NodeJS.Timeout | undefined;
  /** True while this process scores (it led and took up the running meetings). */
  private leading = false;
  /** Bumped on every lead and step-down: a resume of an older term does nothing. */
  private term = 0;
  /** Meetings ended here so far: a read of the running ones that overlapped one is redone. */
  private ended = 0;

  constructor(
    private readonly ctx: MeetingsContext,
    private readonly work: LeaderWork,
  ) {
    this.detector = this.newDetector();
  }

  private newDetector(): MeetingDetector {
    return new MeetingDetector(this.ctx.deps.config, this.ctx.now);
  }

  /**
   * Without Redis this process leads at once. With it, it waits for answers from the leader;
   * the server's leader lock calls `lead` and `stepDown` (`src/server.ts`).
   */
  async start(): Promise<void> {
    if (this.ctx.deps.bus) await this.ctx.deps.bus.start();
    else await this.lead();
  }

  /** Whether this process scores the meetings now. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** Whether a detector call is answered here (this process leads, or runs alone). */
  get scoresHere(): boolean {
    return this.leading || !this.ctx.deps.bus;
  }

  /**
   * Becomes the scoring process: a fresh detector, the timer, and the running meetings of the
   * database with the minutes they counted (saved in the store), then the bus's calls.
   */
  async lead(): Promise<void> {
    const term = ++this.term;
    this.reset();
    const every = Math.max(10, Math.floor(this.ctx.deps.config.minuteMs / 4));
    if (this.timer) clearInterval(this.timer);
    let lastResync = Date.now();
    this.timer = setInterval(() => {
      void this.work.tick(this.detector.tick());
      if (this.leading && Date.now() - lastResync >= RESYNC_MS) {
        lastResync = Date.now();
        void this.takeUpUntracked(term).catch((error: unknown) =>
          this.ctx.deps.log.warn({ err: error }, 'meetings: running meetings not read'),
        );
      }
    }, every);
    this.timer.unref();
    await this.resumeActive(term);
  }

  /** Stops scoring (leadership lost): the next leader resumes from the database and store. */
  async stepDown(): Promise<void> {
    this.term++;
    this.leading = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.resumeRetry) clearTimeout(this.resumeRetry);
    await this.ctx.deps.bus?.stepDown();
    await Promise.allSettled([...this.queues.values()]);
    this.reset();
  }

  async close(): Promise<void> {
    this.term++;
    this.leading = false;
    if (this.timer) clearInterval(this.timer);
    if (this.resumeRetry) clearTimeout(this.resumeRetry);
    await Promise.allSettled([...this.queues.values()]);
    await this.ctx.deps.bus?.close();
    await this.ctx.deps.store.close();
  }

  private reset(): void {
    this.detector = this.newDetector();
    this.members.clear();
    this.lastPing.clear();
  }

  /**
   * Picks up the meetings that were running when the last leader stopped. A database that is
   * down at start must not keep the server from starting (readiness reports it): retried until
   * read.
   */
  private async resumeActive(term: number): Promise<void> {
    try {
      await this.takeUpUntracked(term);
      if (term !== this.term) return;
      this.leading = true;
      await this.ctx.deps.bus?.lead((call) => this.serve(call as DetectorCall));
    } catch (error) {
      if (term !== this.term) return;
      this.ctx.deps.log.warn(
        { err: error },
        'meetings: running meetings not resumed yet, retrying',
      );
      this.resumeRetry = setTimeout(() => void this.resumeActive(term), RESUME_RETRY_MS);
      this.resumeRetry.unref();
    }
  }

  /**
   * Scores the running meetings of the database this detector does not have yet, with the
   * minutes saved for them. A meeting leaves `members` only after its end is committed, so
   * one being finished is never taken up again.
   */
  private async takeUpUntracked(term: number): Promise<void> {
    const endedBefore = this.ended;
    const rows = (await repo.allActive(this.ctx.deps.db)).filter(
      (row) => !this.members.has(row.id),
    );
    // A meeting that ended while the rows were read may be among them: the next round reads again.
    if (rows.length === 0 || this.ended !== endedBefore) return;
    const scores = await this.ctx.deps.store.loadScores(rows.map((row) => row.id));
    if (term !== this.term || this.ended !== endedBefore) return;
    for (const row of rows) {
      if (!this.members.has(row.id)) this.track(row, scores.get(row.id));
    }
  }

  private track(row: MeetingRow, counted: readonly number[] = []): void {
    this.members.set(row.id, [row.userA, row.userB]);
    this.detector.start(
      row.id,
      row.method,
      { userId: row.userA, device: row.deviceA },
      { userId: row.userB, device: row.deviceB },
      row.startedAt.getTime(),
      counted,
    );
  }

  /** A meeting's end was not recorded: the next look at the running meetings takes it up. */
  untrack(meetingId: number): void {
    this.members.delete(meetingId);
  }

  /** A meeting's end is committed: it leaves the detector's members for good. */
  recordEnded(meetingId: number): void {
    this.ended++;
    this.members.delete(meetingId);
  }

  /**
   * Runs a detector call where the detector is: here when this process leads (or runs alone),
   * else on the leader through the bus.
   */
  onLeader<T>(call: DetectorCall): Promise<T> {
    const { bus } = this.ctx.deps;
    if (this.leading || !bus) return this.serve(call) as Promise<T>;
    return bus.request<T>(call);
  }

  /** The leader's side of a detector call. */
  private async serve(call: DetectorCall): Promise<unknown> {
    switch (call.op) {
      case 'ping':
        return this.work.ping(call.userId, call.fingerprint, call.ping);
      case 'levels':
        this.detector.setLevels(call.userId, call.levels);
        return null;
      case 'track': {
        if (this.members.has(call.meetingId)) return null;
        const row = await repo.find(this.ctx.deps.db, call.meetingId);
        if (row?.status === 'active') this.trackStarted(row);
        return null;
      }
      case 'end':
        return this.work.end(call.meetingId, call.viewerId);
      case 'progress':
        return this.detector.progress(call.meetingId);
    }
  }

  /** The leader starts scoring a meeting that just started, with both members' levels. */
  private trackStarted(row: MeetingRow): void {
    this.track(row);
    void Promise.all(
      [row.userA, row.userB].map(async (userId) => {
        this.detector.setLevels(userId, await this.ctx.levelsOf(userId));
      }),
    ).catch(() => undefined);
  }

  /**
   * A meeting just started: scored here, or handed to the leader. The leader reads the row
   * itself; should it be away (a handover), the next leader takes the meeting up from the
   * database with the others.
   */
  async started(row: MeetingRow): Promise<void> {
    if (this.scoresHere) return this.trackStarted(row);
    await this.onLeader({ op: 'track', meetingId: row.id }).catch((error: unknown) =>
      this.ctx.deps.log.warn({ err: error, meetingId: row.id }, 'meetings: start not passed on'),
    );
  }

  /** A running meeting's live progress from the leader; null when it cannot answer now. */
  async liveProgress(meetingId: number): Promise<MeetingProgress | null> {
    if (this.scoresHere) return this.detector.progress(meetingId);
    return this.onLeader<MeetingProgress | null>({ op: 'progress', meetingId }).catch(() => null);
  }

  /** Runs `work` after every earlier piece of work of the same meeting. */
  serial<T>(meetingId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(meetingId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(meetingId, settled);
    void settled.then(() => {
      if (this.queues.get(meetingId) === settled) this.queues.delete(meetingId);
    });
    return next;
  }
}
