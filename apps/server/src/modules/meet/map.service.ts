import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Mood, PublicCard } from '@meeet/core/api/meet';
import {
  HandDropReason,
  POSITION_FUTURE_SKEW_MS,
  POSITION_MAX_AGE_MS,
  type HandState,
  type MapDiff,
  type MapSnapshot,
  type MapWatch,
  type PositionUpdate,
} from '@meeet/core/api/realtime';
import { DEFAULT_MAX_SPEED_MPS } from '@meeet/core/rules/plausible-move';
import { isProfileComplete } from '@meeet/core/rules/profile';
import type { MeetConfig } from '../../config.ts';
import type { UserFacts } from '../users/users.service.ts';
import {
  areaOf,
  cellDisc,
  cellIn,
  dayDisplacement,
  dayOf,
  displaced,
  type CellDisc,
  type Displacement,
} from './coarse-position.ts';
import { MapIndex } from './map-index.ts';
import type { Hand, PresenceEvent, PresenceStore } from './presence-store.ts';
import { Whereabouts } from './whereabouts.ts';

/**
 * Positions are taken at most once a second on average (the app sends about every 15 s), as a
 * generic cell rate: each one moves the user's theoretical next arrival a second on, and one
 * that comes more than `POSITION_JITTER_MS` before it is refused. A phone whose beat reached
 * the server late, then on time, is not refused for the network's jitter (a minimum gap of
 * 0.9 s refused a fifth of a busy server's positions for it), and none comes closer than 0.5 s
 * to the one before.
 */
const POSITION_JITTER_MS = 500;
/** The shortest average gap between a user's positions (see `POSITION_JITTER_MS`). */
const POSITION_PERIOD_MS = 1000;
/** Who someone saw on the map may be written to for this long (issue: now or within 24 h). */
const SIGHTING_TTL_MS = 24 * 3600 * 1000;

function notRaised(): AppError {
  return new AppError(ErrorCode.CONFLICT, { messageKey: 'meet.hand-not-raised' });
}

export interface MapServiceDeps {
  store: PresenceStore;
  config: MeetConfig;
  /** Keys the per-user displacement of the day; never sent anywhere. */
  secret: string;
  /** The speed rule's bound shared with the meetings' pings (default 50 m/s). */
  maxSpeedMps?: number;
  /**
   * Whether either of the two blocked the other; `prepare` loads a user's blocks first,
   * `reload` reads again those of the given users that are loaded (a block changed, maybe
   * in another process).
   */
  blocks: {
    isBlocked(a: number, b: number): boolean;
    prepare(userId: number): Promise<void>;
    reload(userIds: readonly number[]): Promise<void>;
  };
  isBanned(userId: number): Promise<boolean>;
  /** Whether the user has a socket open in any process (asked before an offline drop). */
  isOnline?: (userId: number) => Promise<boolean>;
  onError?: (error: unknown, what: string) => void;
  card(user: UserFacts): Promise<PublicCard>;
  /** Tells every socket of the user that their hand dropped. */
  dropped(userId: number, reason: HandDropReason): void;
  /**
   * A hand was raised or its mood changed: kept as the user's last mood (ads). Not awaited by
   * the raise; it handles its own failure.
   */
  moodRaised?: (userId: number, mood: Mood) => void;
  now?: () => number;
  /** Diffs are batched per watcher and sent at most once per tick (default 1 s). */
  tickMs?: number;
  /** How often hands left by a process that died are looked for (default a minute). */
  sweepMs?: number;
}

/**
 * Raised hands and the live map (issue 11): one hand per user across devices, positions kept
 * only in the presence store, its timers (offline, maximum) and the sweep of hands left by a
 * process that died. Every change anyone may see is announced through the store to each
 * process's `MapIndex`, which keeps the watchers and sends their snapshots and diffs.
 */
export class MapService {
  private readonly index: MapIndex;
  private readonly connections = new Map<number, number>();
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  private readonly maxTimers = new Map<number, NodeJS.Timeout>();
  /**
   * Each user's theoretical arrival of the next position (see `POSITION_PERIOD_MS`), their
   * displacement of the day, and their last (displaced) cell with its disc and area: most
   * positions stay in the cell, and most of those in its disc, where H3 is not asked for the
   * cell; the area is not looked up while the cell stays.
   */
  private readonly beats = new Map<
    number,
    { nextAt: number; day: number; by: Displacement; disc: CellDisc | undefined; area: string }
  >();
  /** Where each user is believed to be: the speed rule and the reach of watches. */
  private readonly whereabouts: Whereabouts;
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly deps: MapServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.whereabouts = new Whereabouts(deps.maxSpeedMps ?? DEFAULT_MAX_SPEED_MPS);
    const { store } = deps;
    this.index = new MapIndex({
      blocks: deps.blocks,
      hands: (userIds) => store.getMany(userIds),
      handsInAreas: (areas) => store.inAreas(areas),
      sighted: (viewer, seen, at) => store.sighted(viewer, seen, at, SIGHTING_TTL_MS),
      onError: deps.onError,
      now: this.now,
      tickMs: deps.tickMs ?? 1000,
    });
    store.subscribe((event) => this.heard(event));
    this.sweeper = setInterval(() => {
      this.refreshSightings();
      this.whereabouts.prune(this.now());
      this.sweep().catch(this.failed('sweep'));
    }, deps.sweepMs ?? 60_000);
    this.sweeper.unref();
  }

  close(): void {
    this.index.close();
    clearInterval(this.sweeper);
    for (const timer of [...this.offlineTimers.values(), ...this.maxTimers.values()]) {
      clearTimeout(timer);
    }
  }

  private stateOf(hand: Hand | undefined): HandState {
    return hand
      ? { raised: true, mood: hand.mood, ghost: hand.ghost, expiresAt: hand.expiresAt }
      : { raised: false, mood: null, ghost: false, expiresAt: null };
  }

  async handState(userId: number): Promise<HandState> {
    return this.stateOf(await this.deps.store.get(userId));
  }

  private failed(what: string): (error: unknown) => void {
    return (error) => this.deps.onError?.(error, what);
  }

  /**
   * Tells every process's watchers (this one's included, through the store) of a change anyone
   * may see, with the hand's cell before and after it (the same cell: mood, ghost).
   */
  private announce(userId: number, fromCell: string | null, toCell: string | null) {
    this.deps.store.publish({ type: 'hand', userId, fromCell, toCell });
  }

  private heard(event: PresenceEvent): void {
    if (event.type === 'hand') {
      this.index.changed(event.userId, event.fromCell, event.toCell);
      return;
    }
    const { a, b } = event;
    this.deps.blocks
      .reload([a, b])
      .then(() => this.index.blocksChanged(a, b), this.failed('block reload'));
  }

  async raise(user: UserFacts, mood: Mood): Promise<HandState> {
    if (await this.deps.isBanned(user.id)) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'meet.banned' });
    }
    if (!user.emailVerified || !isProfileComplete(user)) {
      throw new AppError(ErrorCode.CONDITIONS_NOT_MET, {
        messageKey: 'meet.profile-incomplete',
      });
    }
    const existing = await this.deps.store.update(user.id, { mood });
    this.deps.moodRaised?.(user.id, mood);
    if (existing) {
      this.announce(user.id, existing.cell, existing.cell);
      return this.stateOf({ ...existing, mood });
    }
    const now = this.now();
    const hand: Hand = {
      userId: user.id,
      mood,
      ghost: false,
      raisedAt: now,
      expiresAt: now + this.deps.config.handMaxMs,
      card: await this.deps.card(user),
      position: null,
      cell: null,
      area: null,
    };
    await this.deps.store.put(hand);
    const timer = setTimeout(() => {
      this.drop(user.id, HandDropReason.EXPIRED, now).catch(this.failed('expiry drop'));
    }, this.deps.config.handMaxMs);
    timer.unref();
    this.maxTimers.set(user.id, timer);
    return this.stateOf(hand);
  }

  async setGhost(userId: number, ghost: boolean): Promise<HandState> {
    const before = await this.deps.store.update(userId, { ghost });
    if (!before) throw notRaised();
    this.announce(userId, before.cell, before.cell);
    return this.stateOf({ ...before, ghost });
  }

  /**
   * Takes a position. `receivedAt` is when it was read: its age and its distance from the one
   * before are what the phone did, not how long it waited here.
   */
  async position(userId: number, update: PositionUpdate, receivedAt?: number): Promise<void> {
    await this.take(userId, update, receivedAt ?? this.now());
  }

  private async take(userId: number, update: PositionUpdate, now: number): Promise<void> {
    if (update.accuracy > this.deps.config.maxAccuracyM) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.accuracy-too-low',
        params: { max: this.deps.config.maxAccuracyM },
        fields: { accuracy: 'meet.accuracy-too-low' },
      });
    }
    if (update.at > now + POSITION_FUTURE_SKEW_MS) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.position-future',
        fields: { at: 'meet.position-future' },
      });
    }
    if (update.at < now - POSITION_MAX_AGE_MS) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.position-stale',
        fields: { at: 'meet.position-stale' },
      });
    }
    let beat = this.beats.get(userId);
    const expected = Math.max(beat?.nextAt ?? now, now);
    if (expected - now > POSITION_JITTER_MS) {
      throw new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'meet.position-too-often' });
    }
    const fix = { lat: update.lat, lon: update.lon, accuracy: update.accuracy, at: update.at };
    this.whereabouts.check(userId, fix);
    const day = dayOf(now);
    if (!beat) {
      beat = { nextAt: 0, day: -1, by: { east: 0, north: 0 }, disc: undefined, area: '' };
      this.beats.set(userId, beat);
    }
    if (beat.day !== day) {
      beat.day = day;
      beat.by = dayDisplacement(userId, day, this.deps.secret);
    }
    // The hand's cell is that of the displaced point: all others see follows from it alone.
    const shifted = displaced(update.lat, update.lon, beat.by);
    const cell = cellIn(beat.disc, shifted.lat, shifted.lon);
    if (beat.disc?.cell !== cell) {
      beat.disc = cellDisc(cell);
      beat.area = areaOf(cell);
    }
    beat.nextAt = expected + POSITION_PERIOD_MS;
    const { area } = beat;
    const before = await this.deps.store.update(userId, {
      position: { lat: update.lat, lon: update.lon, accuracy: update.accuracy, at: update.at },
      cell,
      area,
    });
    if (!before) {
      this.beats.delete(userId);
      throw notRaised();
    }
    this.whereabouts.took(userId, fix);
    // Moves inside the cell change nothing anyone may see, so they reach no watcher.
    if (cell !== before.cell) this.announce(userId, before.cell, cell);
  }

  /**
   * Drops the user's hand. `raisedAt` names the hand a timer was set for: a timer of an
   * earlier hand (perhaps set by another process) leaves a hand raised since alone.
   */
  async drop(userId: number, reason: HandDropReason, raisedAt?: number): Promise<boolean> {
    if (raisedAt !== undefined) {
      const current = await this.deps.store.get(userId);
      if (current?.raisedAt !== raisedAt) return false;
    }
    const hand = await this.deps.store.remove(userId);
    clearTimeout(this.maxTimers.get(userId));
    clearTimeout(this.offlineTimers.get(userId));
    this.maxTimers.delete(userId);
    this.offlineTimers.delete(userId);
    this.beats.delete(userId);
    this.index.forget(userId);
    if (!hand) return false;
    this.announce(userId, hand.cell, null);
    this.deps.dropped(userId, reason);
    return true;
  }

  /** Sightings of what each watcher keeps being shown, recorded again hourly (see MapIndex). */
  refreshSightings(): void {
    this.index.refreshSightings();
  }

  /**
   * Drops the hands whose timers died with their process: up past their maximum, or with no
   * socket of the user open anywhere for the offline time. Another process's live hands are
   * left alone (their user is online there), and this process's own have their timers. Every
   * process sweeps; a hand is removed once, so only one of them announces the drop.
   */
  async sweep(): Promise<number> {
    const now = this.now();
    let dropped = 0;
    for (const userId of await this.deps.store.raisedUserIds()) {
      if (this.maxTimers.has(userId)) continue;
      const hand = await this.deps.store.get(userId);
      if (!hand) continue;
      if (now >= hand.expiresAt) {
        if (await this.drop(userId, HandDropReason.EXPIRED, hand.raisedAt)) dropped++;
        continue;
      }
      if (this.connections.has(userId) || this.offlineTimers.has(userId)) continue;
      const lastSign = Math.max(hand.raisedAt, hand.position?.at ?? 0);
      if (now - lastSign < this.deps.config.handOfflineMs) continue;
      if (await this.deps.isOnline?.(userId)) continue;
      if (await this.drop(userId, HandDropReason.OFFLINE, hand.raisedAt)) dropped++;
    }
    return dropped;
  }

  /** A socket of the user connected: a pending offline drop is off. */
  connected(userId: number): void {
    this.connections.set(userId, (this.connections.get(userId) ?? 0) + 1);
    clearTimeout(this.offlineTimers.get(userId));
    this.offlineTimers.delete(userId);
  }

  /** A socket of the user went away; with none left the hand drops after the offline time. */
  disconnected(userId: number, socketId: string): void {
    this.unwatch(socketId);
    const left = (this.connections.get(userId) ?? 1) - 1;
    if (left > 0) {
      this.connections.set(userId, left);
      return;
    }
    this.connections.delete(userId);
    const timer = setTimeout(() => {
      this.offlineTimers.delete(userId);
      // With several processes the user may have come back on another one.
      const online = this.deps.isOnline?.(userId) ?? Promise.resolve(false);
      online
        .then((yes) => (yes ? false : this.drop(userId, HandDropReason.OFFLINE)))
        .catch(this.failed('offline drop'));
    }, this.deps.config.handOfflineMs);
    timer.unref();
    this.offlineTimers.set(userId, timer);
  }

  /**
   * Starts (or moves) a socket's watched area and answers with the snapshot. The centre must
   * lie near where the watcher is (see whereabouts.ts); a refused watch leaves the old one.
   */
  async watch(
    socketId: string,
    userId: number,
    watch: MapWatch,
    send: (diff: MapDiff) => void,
  ): Promise<MapSnapshot> {
    this.whereabouts.checkWatch(userId, watch, this.now());
    return this.index.watch(socketId, userId, watch, send);
  }

  /** The watcher stops watching: everything it was being shown was last seen now. */
  unwatch(socketId: string): void {
    this.index.unwatch(socketId);
  }

  /**
   * A block between the two changed: every process reloads their blocks, then each one's
   * watchers re-check the other.
   */
  blockChanged(a: number, b: number): void {
    this.deps.store.publish({ type: 'block', a, b });
  }

  /** Whether `viewer` was shown `seen` on the map within the last 24 hours. */
  async sawRecently(viewer: number, seen: number): Promise<boolean> {
    const at = await this.deps.store.lastSighting(viewer, seen);
    return at !== undefined && this.now() - at < SIGHTING_TTL_MS;
  }
}
