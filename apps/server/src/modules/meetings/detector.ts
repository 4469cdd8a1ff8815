import type { NftType } from '@meeet/core/enums';
import type { MeetingProgress, MeetingReason } from '@meeet/core/api/meetings';
import { groundDistanceM, impliedSpeedMps } from '@meeet/core/rules/plausible-move';

/**
 * The meeting detector: pure, in memory, with the clock passed in (no I/O, no timers), so it is
 * tested on recorded walks and benchmarked alone. The service feeds it pings and handshakes and
 * turns its events into database rows and socket pushes.
 *
 * Proof of a meeting (issue 12): GPS can only veto, closeness comes from the phones.
 * - A meeting starts with a handshake between the two phones (Bluetooth, or a code/QR).
 * - It is scored minute by minute. A minute counts when the two phones' GPS positions are
 *   within base + 2·√(accA² + accB²) metres (capped) and, for a Bluetooth meeting, one phone
 *   heard the other's current proximity token with an attenuation (txPower − rssi) at most the
 *   threshold. A code/QR meeting has no Bluetooth: its closeness is proven by the handshakes
 *   at its start and end, and the minutes in between need the GPS agreement only.
 * - It completes with at least `minMinutes` counted among the last `windowMinutes` and no run
 *   of uncounted minutes longer than `maxGapMinutes`: a Bluetooth meeting at once, a code/QR
 *   meeting at its end handshake.
 * - Anti-cheat: fixes the OS marks simulated are not counted; a fix implying a speed above
 *   `maxSpeedMps` (beyond both fixes' accuracy) voids the run; two accounts pinging from one
 *   device (same device key, or identical fixes) void it too.
 */

export interface DetectorConfig {
  minuteMs: number;
  windowMinutes: number;
  minMinutes: number;
  maxGapMinutes: number;
  baseDistanceM: number;
  maxDistanceM: number;
  maxAttenuationDb: number;
  defaultTxPowerDbm: number;
  maxSpeedMps: number;
}

export interface Fix {
  /** Epoch ms. */
  t: number;
  lat: number;
  lng: number;
  accuracy: number;
  speed?: number | null | undefined;
  simulated?: boolean | undefined;
}

export interface Heard {
  token: string;
  rssi: number;
  txPower?: number | undefined;
}

export interface Ping extends Fix {
  heard?: readonly Heard[] | undefined;
}

/** Who broadcast a proximity token at a time (the service's token store answers). */
export type TokenResolver = (token: string, at: number) => number | undefined;

export type MeetingMethod = 'ble' | 'code';

/** How a meeting ended: enough minutes counted, or why not. */
export type DetectorOutcome =
  | {
      type: 'completed';
      meetingId: number;
      minutesCounted: number;
      /** The members' last fixes: where the meeting was held (a business spot may host it). */
      positions: { lat: number; lon: number }[];
    }
  | { type: 'failed'; meetingId: number; reason: MeetingReason; minutesCounted: number };

export type DetectorEvent =
  { type: 'progress'; meetingId: number; progress: MeetingProgress } | DetectorOutcome;

interface MemberState {
  userId: number;
  device: string | null;
  fix: Fix | null;
}

interface MeetingState {
  id: number;
  method: MeetingMethod;
  startedAt: number;
  members: [MemberState, MemberState];
  /** Minute indexes (from the start) that counted. */
  counted: Set<number>;
  /** Minutes before this index are closed (their gap accounted). */
  closedThrough: number;
  /** Uncounted minutes since the last counted one (closed minutes only). */
  gap: number;
  /** Fixes of the two members that were identical (one phone carrying both accounts). */
  twinFixes: number;
  /** Enough minutes counted; a code/QR meeting waits for its end handshake. */
  ready: boolean;
}

interface UserState {
  lastFix: Fix | null;
  levels: readonly NftType[];
  meetingId: number | null;
}

/** Identical fixes from both members this many times mean one phone with two accounts. */
const TWIN_FIXES_LIMIT = 3;

export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  return groundDistanceM({ lat: a.lat, lon: a.lng }, { lat: b.lat, lon: b.lng });
}

/** The GPS veto's distance: base + 2·√(accA² + accB²), capped. */
export function vetoDistanceM(config: DetectorConfig, accA: number, accB: number): number {
  return Math.min(
    config.baseDistanceM + 2 * Math.sqrt(accA * accA + accB * accB),
    config.maxDistanceM,
  );
}

/**
 * The speed two fixes imply beyond what their accuracy explains (m/s): the one rule of the
 * map's positions too (@meeet/core/rules/plausible-move).
 */
export function impliedSpeed(a: Fix, b: Fix): number {
  return impliedSpeedMps(
    { lat: a.lat, lon: a.lng, accuracy: a.accuracy, at: a.t },
    { lat: b.lat, lon: b.lng, accuracy: b.accuracy, at: b.t },
  );
}

export class MeetingDetector {
  private readonly meetings = new Map<number, MeetingState>();
  private readonly users = new Map<number, UserState>();

  constructor(
    private readonly config: DetectorConfig,
    private readonly clock: () => number,
    private readonly resolveToken: TokenResolver = () => undefined,
  ) {}

  get activeCount(): number {
    return this.meetings.size;
  }

  get userCount(): number {
    return this.users.size;
  }

  private user(userId: number): UserState {
    let state = this.users.get(userId);
    if (!state) {
      state = { lastFix: null, levels: [], meetingId: null };
      this.users.set(userId, state);
    }
    return state;
  }

  /** The token levels a user holds (candidates share one). */
  setLevels(userId: number, levels: readonly NftType[]): void {
    this.user(userId).levels = levels;
  }

  /** Forgets a user who is not in a meeting (signed out, long idle). */
  forget(userId: number): void {
    const state = this.users.get(userId);
    if (!state || state.meetingId !== null) return;
    this.users.delete(userId);
  }

  meetingOf(userId: number): number | null {
    return this.users.get(userId)?.meetingId ?? null;
  }

  /** Starts scoring a meeting (after its start handshake). */
  start(
    meetingId: number,
    method: MeetingMethod,
    a: { userId: number; device?: string | null },
    b: { userId: number; device?: string | null },
    startedAt: number = this.clock(),
    /** Minutes counted before (a meeting resumed by another process); gaps are closed again. */
    counted: readonly number[] = [],
  ): void {
    const meeting: MeetingState = {
      id: meetingId,
      method,
      startedAt,
      members: [
        { userId: a.userId, device: a.device ?? null, fix: null },
        { userId: b.userId, device: b.device ?? null, fix: null },
      ],
      counted: new Set(counted),
      closedThrough: 0,
      gap: 0,
      twinFixes: 0,
      ready: false,
    };
    this.meetings.set(meetingId, meeting);
    this.user(a.userId).meetingId = meetingId;
    this.user(b.userId).meetingId = meetingId;
  }

  /**
   * One ping of a user's phone. Returns the events it caused and the candidates: holders of a
   * level the user holds whose token this phone heard near (a Bluetooth handshake can start a
   * meeting with them). Candidates never depend on where the ping claims to be (docs/privacy.md).
   */
  ping(
    userId: number,
    ping: Ping,
    device: string | null = null,
    /** Whose the heard tokens are, when the caller looked them up already (a shared store). */
    resolve: TokenResolver = this.resolveToken,
  ): { events: DetectorEvent[]; candidates: number[] } {
    const state = this.user(userId);
    const events: DetectorEvent[] = [];
    const meeting = state.meetingId === null ? undefined : this.meetings.get(state.meetingId);

    if (!ping.simulated) {
      const previous = state.lastFix;
      if (
        previous &&
        ping.t > previous.t &&
        impliedSpeed(previous, ping) > this.config.maxSpeedMps
      ) {
        state.lastFix = ping;
        if (meeting) events.push(this.fail(meeting, 'implausible-speed'));
        return { events, candidates: [] };
      }
      if (!previous || ping.t >= previous.t) state.lastFix = ping;
    }

    if (meeting) this.score(meeting, userId, ping, device, events, resolve);
    const candidates = ping.simulated ? [] : this.candidates(userId, state, ping, resolve);
    events.push(...this.evaluate(meeting));
    return { events, candidates };
  }

  /** Closes the minutes that ended; call about every quarter minute. */
  tick(): DetectorEvent[] {
    const events: DetectorEvent[] = [];
    for (const meeting of [...this.meetings.values()]) events.push(...this.evaluate(meeting));
    return events;
  }

  /**
   * The end handshake: a meeting with enough minutes completes, any other fails. Returns the
   * event, or null for an unknown meeting.
   */
  end(meetingId: number): DetectorOutcome | null {
    const meeting = this.meetings.get(meetingId);
    if (!meeting) return null;
    const [done] = this.evaluate(meeting);
    if (done) return done;
    if (
      meeting.ready ||
      this.countedInWindow(meeting, this.currentMinute(meeting)) >= this.config.minMinutes
    ) {
      return this.complete(meeting);
    }
    return this.fail(meeting, 'ended-early');
  }

  /** Drops a meeting without an event (the service closed it). */
  drop(meetingId: number): void {
    const meeting = this.meetings.get(meetingId);
    if (meeting) this.close(meeting);
  }

  /** The minute indexes a running meeting has counted (saved so another process may resume). */
  countedMinutes(meetingId: number): number[] {
    return [...(this.meetings.get(meetingId)?.counted ?? [])].sort((x, y) => x - y);
  }

  progress(meetingId: number): MeetingProgress | null {
    const meeting = this.meetings.get(meetingId);
    return meeting ? this.progressOf(meeting) : null;
  }

  // ---- scoring ----

  private currentMinute(meeting: MeetingState): number {
    return Math.max(0, Math.floor((this.clock() - meeting.startedAt) / this.config.minuteMs));
  }

  private minuteOf(meeting: MeetingState, t: number): number {
    return Math.floor((t - meeting.startedAt) / this.config.minuteMs);
  }

  private score(
    meeting: MeetingState,
    userId: number,
    ping: Ping,
    device: string | null,
    events: DetectorEvent[],
    resolve: TokenResolver,
  ): void {
    const [first, second] = meeting.members;
    const self = first.userId === userId ? first : second;
    const other = self === first ? second : first;
    if (device) self.device = device;
    if (self.device && other.device && self.device === other.device) {
      events.push(this.fail(meeting, 'same-device'));
      return;
    }
    if (ping.simulated) return;
    if (other.fix && sameFix(other.fix, ping)) {
      meeting.twinFixes += 1;
      if (meeting.twinFixes >= TWIN_FIXES_LIMIT) {
        events.push(this.fail(meeting, 'same-device'));
        return;
      }
    }
    self.fix = ping;

    const minute = this.minuteOf(meeting, ping.t);
    // Only the open minute scores: a late ping cannot fill a closed gap.
    if (minute < meeting.closedThrough || minute > this.currentMinute(meeting)) return;
    if (meeting.counted.has(minute)) return;
    if (!other.fix || !this.gpsAgrees(ping, other.fix)) return;
    if (meeting.method === 'ble' && !this.heardNear(ping, other.userId, resolve)) return;
    meeting.counted.add(minute);
    events.push({ type: 'progress', meetingId: meeting.id, progress: this.progressOf(meeting) });
  }

  /** Both fixes recent (within two minutes of each other) and within the veto distance. */
  private gpsAgrees(a: Fix, b: Fix): boolean {
    if (Math.abs(a.t - b.t) > 2 * this.config.minuteMs) return false;
    return distanceM(a, b) <= vetoDistanceM(this.config, a.accuracy, b.accuracy);
  }

  private heardNear(ping: Ping, partnerId: number, resolve: TokenResolver): boolean {
    for (const heard of ping.heard ?? []) {
      if (resolve(heard.token, ping.t) !== partnerId) continue;
      const attenuation = (heard.txPower ?? this.config.defaultTxPowerDbm) - heard.rssi;
      if (attenuation <= this.config.maxAttenuationDb) return true;
    }
    return false;
  }

  private countedInWindow(meeting: MeetingState, current: number): number {
    let n = 0;
    const from = current - this.config.windowMinutes + 1;
    for (const minute of meeting.counted) if (minute >= from && minute <= current) n += 1;
    return n;
  }

  /** Closes ended minutes, then decides: gap too long, complete, or still running. */
  private evaluate(meeting: MeetingState | undefined): DetectorOutcome[] {
    if (!meeting || !this.meetings.has(meeting.id)) return [];
    const current = this.currentMinute(meeting);
    for (let minute = meeting.closedThrough; minute < current; minute++) {
      if (meeting.counted.has(minute)) meeting.gap = 0;
      else meeting.gap += 1;
      meeting.closedThrough = minute + 1;
      if (meeting.gap > this.config.maxGapMinutes) {
        // A code/QR meeting that already has its minutes only waits for the end handshake.
        if (meeting.ready && meeting.gap <= this.config.windowMinutes) continue;
        const reason: MeetingReason = meeting.ready ? 'ended-early' : 'gap-too-long';
        return [this.fail(meeting, reason)];
      }
    }
    if (!meeting.ready && this.countedInWindow(meeting, current) >= this.config.minMinutes) {
      if (meeting.method === 'ble') return [this.complete(meeting)];
      meeting.ready = true;
    }
    if (!meeting.ready && current >= 2 * this.config.windowMinutes) {
      return [this.fail(meeting, 'not-enough-minutes')];
    }
    return [];
  }

  private progressOf(meeting: MeetingState): MeetingProgress {
    const current = this.currentMinute(meeting);
    let gap = 0;
    for (let minute = current - 1; minute >= 0 && !meeting.counted.has(minute); minute--) gap++;
    return {
      meetingId: meeting.id,
      status: 'active',
      minutesCounted: Math.min(this.countedInWindow(meeting, current), this.config.minMinutes),
      minutesNeeded: this.config.minMinutes,
      gapMinutes: gap,
      maxGapMinutes: this.config.maxGapMinutes,
      elapsedMinutes: current,
      windowMinutes: this.config.windowMinutes,
    };
  }

  private complete(meeting: MeetingState): DetectorOutcome {
    const minutesCounted = Math.min(
      this.countedInWindow(meeting, this.currentMinute(meeting)),
      this.config.windowMinutes,
    );
    const positions = meeting.members.flatMap(({ fix }) =>
      fix ? [{ lat: fix.lat, lon: fix.lng }] : [],
    );
    this.close(meeting);
    return { type: 'completed', meetingId: meeting.id, minutesCounted, positions };
  }

  private fail(meeting: MeetingState, reason: MeetingReason): DetectorOutcome {
    const minutesCounted = this.countedInWindow(meeting, this.currentMinute(meeting));
    this.close(meeting);
    return { type: 'failed', meetingId: meeting.id, reason, minutesCounted };
  }

  private close(meeting: MeetingState): void {
    this.meetings.delete(meeting.id);
    for (const member of meeting.members) {
      const state = this.users.get(member.userId);
      if (state?.meetingId === meeting.id) state.meetingId = null;
    }
  }

  // ---- candidates ----

  /**
   * Holders of a shared level whose token this ping heard near. Only Bluetooth says who is
   * near: a claimed position (unverified, any accuracy up to 200 m) tested against another
   * user's cell was an oracle that placed them within 8 m from 59 chosen pings. GPS only
   * vetoes, minute by minute, once a meeting runs.
   */
  private candidates(
    userId: number,
    state: UserState,
    ping: Ping,
    resolve: TokenResolver,
  ): number[] {
    if (state.levels.length === 0 || !ping.heard?.length) return [];
    const found: number[] = [];
    for (const heard of ping.heard) {
      const owner = resolve(heard.token, ping.t);
      if (owner === undefined || owner === userId || found.includes(owner)) continue;
      const attenuation = (heard.txPower ?? this.config.defaultTxPowerDbm) - heard.rssi;
      if (attenuation > this.config.maxAttenuationDb) continue;
      const levels = this.users.get(owner)?.levels ?? [];
      if (levels.some((level) => state.levels.includes(level))) found.push(owner);
    }
    return found;
  }
}

function sameFix(a: Fix, b: Fix): boolean {
  return a.t === b.t && a.lat === b.lat && a.lng === b.lng && a.accuracy === b.accuracy;
}
