import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Mood, PublicCard } from '@meeet/core/api/meet';
import {
  HandDropReason,
  POSITION_FUTURE_SKEW_MS,
  POSITION_MAX_AGE_MS,
  type HandState,
  type MapHand,
  type MapSnapshot,
  type MapWatch,
  type PositionUpdate,
} from '@meeet/core/api/realtime';
import { isProfileComplete } from '@meeet/core/rules/profile';
import type { MeetConfig } from '../../config.ts';
import type { UserRow } from '../users/users.service.ts';
import {
  areaOf,
  areasAround,
  cellCentre,
  FINE_INDEX_MAX_RADIUS_M,
  FINE_INDEX_RESOLUTION,
  fineIndexOf,
  indexCellsAround,
  dayOf,
  dayOffset,
  distanceM,
  handCell,
  ringsBetween,
  roundedDistance,
  shownPosition,
  type LatLon,
} from './coarse-position.ts';
import { diffJson, entryJson, sharedFields, sharedPart } from './map-diff.ts';
import type { Hand, PresenceEvent, PresenceStore } from './presence-store.ts';

/**
 * Positions are taken at most once a second on average (the app sends about every 15 s), as a
 * generic cell rate: each one moves the user's theoretical next arrival a second on, and one
 * that comes more than `POSITION_JITTER_MS` before it is refused. A phone whose beat reached
 * the server late, then on time, is not refused for the network's jitter (a minimum gap of
 * 0.9 s refused a fifth of a busy server's positions for it), and none comes closer than 0.5 s
 * to the one before.
 */
const POSITION_PERIOD_MS = 1000;
const POSITION_JITTER_MS = 500;
/** Who someone saw on the map may be written to for this long (issue: now or within 24 h). */
const SIGHTING_TTL_MS = 24 * 3600 * 1000;
/**
 * A sighting is recorded when a hand is first shown to a watcher and when it stops being shown,
 * not with every move: that was a write to the store per diff (three Redis commands with Redis).
 * What a watcher keeps being shown is recorded again this often (see `refreshSightings`), so a
 * hand shown without a break for longer than the kept time stays someone seen, and a process
 * that dies loses at most this much of its watchers' last sightings.
 */
const SIGHTING_REFRESH_MS = 3600 * 1000;
/** A shown point lies at most this far from its cell's centre (76 m cell + 40 m offset). */
const CELL_REACH_M = 120;
const METRES_PER_DEGREE = 111_320;
/** Watchers served between two turns of the event loop. */
const DIFF_BATCH = 25;
/** The flush wheel turns this many times per tick (see `schedule`). */
const TURNS_PER_TICK = 20;
/**
 * A watcher's diff may leave with its own position's answer this share of a tick after the last
 * one (0.9 s): the same tolerance of a phone's timer jitter as positions have.
 */
const EARLY_SHARE = 0.9;
/**
 * How long a watcher whose socket sends positions every second waits for the next one past its
 * expected time (in turns), so that the diff leaves with the position's answer rather than in a
 * write of its own.
 */
const LATE_TURNS = 4;

/**
 * Whether a cell centre may concern the watcher. Hundreds of watchers per change in a busy
 * city: a flat-earth distance (no trigonometry per watcher) with a margin; the entry itself is
 * checked exactly.
 */
function isNear(
  watcher: { lat: number; lon: number; cosLat: number; reachSq: number },
  centre: LatLon | null,
): boolean {
  if (centre === null) return false;
  let dLon = centre.lon - watcher.lon;
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  const east = dLon * METRES_PER_DEGREE * watcher.cosLat;
  const north = (centre.lat - watcher.lat) * METRES_PER_DEGREE;
  return east * east + north * north <= watcher.reachSq;
}

function notRaised(): AppError {
  return new AppError(ErrorCode.CONFLICT, { messageKey: 'meet.hand-not-raised' });
}

export interface MapServiceDeps {
  store: PresenceStore;
  config: MeetConfig;
  /** Keys the per-user offset of the day; never sent anywhere. */
  secret: string;
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
  card(user: UserRow): Promise<PublicCard>;
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

interface Watcher {
  socketId: string;
  userId: number;
  /** Copied out of the parsed payload: plain fields of one shape are much faster to read. */
  radiusM: number;
  moods: readonly Mood[] | null;
  centerCell: string;
  /** For the quick test of whether a change may concern the watcher (see `changed`). */
  lat: number;
  lon: number;
  cosLat: number;
  reachSq: number;
  /** Area cells of the circle: the snapshot reads the hands indexed in them. */
  areas: string[];
  /** Cells this watcher is indexed by: fine ones for a small circle, else its areas. */
  indexCells: string[];
  fine: boolean;
  /** What this watcher was last sent, by user id: the signature of the entry. */
  known: Map<number, string>;
  /** When everything in `known` was last recorded as sighted (see `SIGHTING_REFRESH_MS`). */
  recordedAt: number;
  /** Users whose entry may have changed since the last diff. */
  pending: Set<number>;
  /** Whether it waits in the flush wheel, the turn it waits for, and that of its last flush. */
  scheduled: boolean;
  dueTurn: number;
  flushedTurn: number;
  /** When it last flushed, and when the last position came on its socket (ms). */
  flushedAt: number;
  positionAt: number;
  /** Sends a diff already encoded as JSON (see map-diff.ts). */
  send: (diff: string) => void;
}

/** A user's offset of the day and the signature of their entry, shared by every watcher. */
interface Shown {
  day: number;
  east: number;
  north: number;
  cell?: string;
  mood?: Mood;
  /** What a watcher's `known` holds: one string per user, not one per watcher and user. */
  signature?: string;
  point?: LatLon;
  /** The entry's fields every watcher shares, encoded once (see map-diff.ts), and their card. */
  json?: string;
  card?: PublicCard;
}

/** A watcher's entry for a hand, encoded, with what the diff is sorted by. */
interface EncodedEntry {
  ring: number;
  userId: number;
  json: string;
}

/**
 * Raised hands and the live map (issue 11): one hand per user across devices, positions kept
 * only in the presence store, and watchers that get a snapshot and then diffs of coarse
 * positions. Watchers are indexed by the same area cells as hands, so a change reaches only
 * the watchers whose area covers it.
 */
export class MapService {
  private readonly watchers = new Map<string, Watcher>();
  /** Watchers by index cell: small circles by fine cells, large ones by area cells. */
  private readonly watchersByFine = new Map<string, Set<Watcher>>();
  private readonly watchersByArea = new Map<string, Set<Watcher>>();
  private readonly connections = new Map<number, number>();
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  private readonly maxTimers = new Map<number, NodeJS.Timeout>();
  /** Each user's theoretical arrival of the next position (see `POSITION_PERIOD_MS`). */
  private readonly nextPositionAt = new Map<number, number>();
  /** The HMAC of each user's offset, computed once a day rather than once per entry. */
  private readonly offsets = new Map<number, Shown>();
  private readonly ticker: NodeJS.Timeout;
  private readonly sweeper: NodeJS.Timeout;
  /**
   * The flush wheel: watchers with something pending wait in the slot of the turn they may
   * send at. Each watcher flushes at its own phase of the second, so the work is spread over
   * it instead of arriving as one burst per tick that held the event loop.
   */
  private readonly wheel: Watcher[][] = Array.from(
    { length: TURNS_PER_TICK + LATE_TURNS + 1 },
    () => [],
  );
  private turn = 0;
  /** The most often a watcher gets a diff, and a turn of the wheel. */
  private readonly tickMs: number;
  private readonly turnMs: number;
  private readonly now: () => number;

  constructor(private readonly deps: MapServiceDeps) {
    this.now = deps.now ?? Date.now;
    deps.store.subscribe((event) => this.heard(event));
    this.tickMs = deps.tickMs ?? 1000;
    this.turnMs = this.tickMs / TURNS_PER_TICK;
    this.ticker = setInterval(() => this.turnWheel(), this.turnMs);
    this.ticker.unref();
    this.sweeper = setInterval(() => {
      this.refreshSightings();
      this.sweep().catch(this.failed('sweep'));
    }, deps.sweepMs ?? 60_000);
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.ticker);
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

  /** Tells every process's watchers (this one's included, through the store) of a change. */
  /** The hand's cell before and after a change anyone may see (the same cell: mood, ghost). */
  private announce(userId: number, fromCell: string | null, toCell: string | null) {
    this.deps.store.publish({ type: 'hand', userId, fromCell, toCell });
  }

  private heard(event: PresenceEvent): void {
    if (event.type === 'hand') {
      this.changed(event.userId, event.fromCell, event.toCell);
      return;
    }
    const { a, b } = event;
    this.deps.blocks.reload([a, b]).then(() => {
      for (const watcher of this.watchers.values()) {
        if (watcher.userId === a) this.mark(watcher, b);
        if (watcher.userId === b) this.mark(watcher, a);
      }
    }, this.failed('block reload'));
  }

  async raise(user: UserRow, mood: Mood): Promise<HandState> {
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
   * Takes a position; `socketId` names the socket it came on, whose own diff, if nearly due,
   * leaves with the answer (see `flushWithPosition`).
   */
  async position(userId: number, update: PositionUpdate, socketId?: string): Promise<void> {
    const now = this.now();
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
    const expected = Math.max(this.nextPositionAt.get(userId) ?? now, now);
    if (expected - now > POSITION_JITTER_MS) {
      throw new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'meet.position-too-often' });
    }
    this.nextPositionAt.set(userId, expected + POSITION_PERIOD_MS);
    const cell = handCell(update.lat, update.lon);
    const area = areaOf(cell);
    const before = await this.deps.store.update(userId, {
      position: { lat: update.lat, lon: update.lon, accuracy: update.accuracy, at: update.at },
      cell,
      area,
    });
    if (!before) {
      this.nextPositionAt.delete(userId);
      throw notRaised();
    }
    // Moves inside the cell change nothing anyone may see, so they reach no watcher.
    if (cell !== before.cell) this.announce(userId, before.cell, cell);
    // The position is taken whatever becomes of the diff (a store away costs the flush).
    if (socketId !== undefined) {
      await this.flushWithPosition(socketId).catch(this.failed('map flush'));
    }
  }

  /**
   * The diff of the watcher on the socket a position came on, sent now if its last one went
   * `EARLY_SHARE` of a tick ago: the socket layer writes it and the answer in one system call
   * (one write per message was a fifth of the server's time at 5,000 phones), and a phone
   * sending once a second gets its map with its own beat instead of a write of its own.
   */
  private async flushWithPosition(socketId: string): Promise<void> {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    const now = this.now();
    watcher.positionAt = now;
    if (watcher.pending.size === 0 || now - watcher.flushedAt < this.tickMs * EARLY_SHARE) return;
    watcher.scheduled = false;
    watcher.dueTurn = -1;
    watcher.flushedTurn = this.turn;
    watcher.flushedAt = now;
    const ids = [...watcher.pending];
    watcher.pending.clear();
    await this.sendBatch([{ watcher, ids }]);
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
    this.nextPositionAt.delete(userId);
    this.offsets.delete(userId);
    if (!hand) return false;
    this.announce(userId, hand.cell, null);
    this.deps.dropped(userId, reason);
    return true;
  }

  /**
   * Records again what each watcher has been shown without a break for `SIGHTING_REFRESH_MS`
   * (run with the sweep, a minute apart): a hand in sight, still, for longer than the kept time
   * stays someone seen though no diff mentions it.
   */
  refreshSightings(): void {
    const now = this.now();
    for (const watcher of this.watchers.values()) {
      if (now - watcher.recordedAt < SIGHTING_REFRESH_MS) continue;
      watcher.recordedAt = now;
      this.recordSighted(watcher, [...watcher.known.keys()], now);
    }
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

  /** Starts (or moves) a socket's watched area and answers with the snapshot. */
  async watch(
    socketId: string,
    userId: number,
    watch: MapWatch,
    send: (diff: string) => void,
  ): Promise<MapSnapshot> {
    this.unwatch(socketId);
    await this.deps.blocks.prepare(userId);
    const watcher: Watcher = {
      socketId,
      userId,
      radiusM: watch.radiusM,
      moods: watch.moods ?? null,
      centerCell: handCell(watch.lat, watch.lon),
      lat: watch.lat,
      lon: watch.lon,
      cosLat: Math.cos((watch.lat * Math.PI) / 180),
      // A little over the exact reach: the quick flat-earth distance may err by a fraction.
      reachSq: ((watch.radiusM + CELL_REACH_M) * 1.02 + 50) ** 2,
      areas: [],
      indexCells: [],
      fine: watch.radiusM <= FINE_INDEX_MAX_RADIUS_M,
      known: new Map(),
      recordedAt: 0,
      pending: new Set(),
      scheduled: false,
      dueTurn: -1,
      flushedTurn: -TURNS_PER_TICK,
      flushedAt: 0,
      positionAt: 0,
      send,
    };
    watcher.areas = areasAround(watch, watch.radiusM);
    watcher.indexCells = watcher.fine
      ? indexCellsAround(watch, watch.radiusM, FINE_INDEX_RESOLUTION)
      : watcher.areas;
    this.watchers.set(socketId, watcher);
    const index = watcher.fine ? this.watchersByFine : this.watchersByArea;
    for (const cell of watcher.indexCells) {
      let set = index.get(cell);
      if (!set) index.set(cell, (set = new Set()));
      set.add(watcher);
    }
    const hands: MapHand[] = [];
    for (const hand of await this.deps.store.inAreas(watcher.areas)) {
      const entry = this.entryFor(watcher, hand);
      if (!entry) continue;
      watcher.known.set(hand.userId, this.signatureOf(hand));
      hands.push(entry);
    }
    hands.sort((a, b) => a.ring - b.ring || a.userId - b.userId);
    watcher.recordedAt = this.now();
    await this.deps.store.sighted(
      userId,
      hands.map((h) => h.userId),
      watcher.recordedAt,
      SIGHTING_TTL_MS,
    );
    return { hands };
  }

  /** The watcher stops watching: everything it was being shown was last seen now. */
  unwatch(socketId: string): void {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    this.watchers.delete(socketId);
    this.recordSighted(watcher, [...watcher.known.keys()], this.now());
    const index = watcher.fine ? this.watchersByFine : this.watchersByArea;
    for (const cell of watcher.indexCells) {
      const set = index.get(cell);
      set?.delete(watcher);
      if (set?.size === 0) index.delete(cell);
    }
  }

  /**
   * A block between the two changed: every process reloads their blocks, then each one's
   * watchers re-check the other.
   */
  blockChanged(a: number, b: number): void {
    this.deps.store.publish({ type: 'block', a, b });
  }

  private recordSighted(watcher: Watcher, userIds: number[], now: number): void {
    if (userIds.length === 0) return;
    this.deps.store
      .sighted(watcher.userId, userIds, now, SIGHTING_TTL_MS)
      .catch(this.failed('sightings'));
  }

  /** Whether `viewer` was shown `seen` on the map within the last 24 hours. */
  async sawRecently(viewer: number, seen: number): Promise<boolean> {
    const at = await this.deps.store.lastSighting(viewer, seen);
    return at !== undefined && this.now() - at < SIGHTING_TTL_MS;
  }

  /**
   * Marks the user pending for the watchers who may see the change: those who were shown the
   * user (they may need a `left`; they are indexed by the cell the user leaves) and those whose
   * circle reaches the user's new cell.
   */
  private changed(userId: number, fromCell: string | null, toCell: string | null): void {
    const to = toCell ? cellCentre(toCell) : null;
    const from = fromCell ? (fromCell === toCell ? to : cellCentre(fromCell)) : null;
    const fineFrom = fromCell ? fineIndexOf(fromCell) : null;
    const fineTo = toCell ? fineIndexOf(toCell) : null;
    const areaFrom = fromCell ? areaOf(fromCell) : null;
    const areaTo = toCell ? areaOf(toCell) : null;
    this.changedIn(this.watchersByFine.get(fineFrom ?? ''), userId, from, to);
    if (fineTo !== fineFrom)
      this.changedIn(this.watchersByFine.get(fineTo ?? ''), userId, from, to);
    this.changedIn(this.watchersByArea.get(areaFrom ?? ''), userId, from, to);
    if (areaTo !== areaFrom)
      this.changedIn(this.watchersByArea.get(areaTo ?? ''), userId, from, to);
  }

  /**
   * Marks the watchers near the cell the user left or the one they entered. Near the one left
   * stands for "may have been shown the user": an entry is only ever shown inside the circle,
   * within the reach of its cell's centre, and every cell change is announced with the cell
   * before it. That test is arithmetic on the watcher's own fields; asking each watcher's
   * `known` map instead was most of this loop's time.
   */
  private changedIn(
    watchers: Set<Watcher> | undefined,
    userId: number,
    from: LatLon | null,
    to: LatLon | null,
  ): void {
    if (!watchers) return;
    for (const watcher of watchers) {
      if (isNear(watcher, to) || isNear(watcher, from)) this.mark(watcher, userId);
    }
  }

  /** The user's entry may have changed for the watcher: it goes out with its next flush. */
  private mark(watcher: Watcher, userId: number): void {
    watcher.pending.add(userId);
    if (watcher.scheduled) return;
    watcher.scheduled = true;
    // At most once a tick: right away (next turn) if it has not sent for a tick, else a tick
    // after its last flush.
    let due = Math.max(this.turn + 1, watcher.flushedTurn + TURNS_PER_TICK);
    // A socket sending positions every second takes its diff with the next one's answer.
    // (Time, not turns: a busy loop turns the wheel late.)
    const untilPosition = watcher.positionAt + POSITION_PERIOD_MS - this.now();
    if (untilPosition > 0) {
      const expected = this.turn + Math.ceil(untilPosition / this.turnMs) + LATE_TURNS;
      if (expected >= due) due = Math.min(expected, this.turn + TURNS_PER_TICK + LATE_TURNS);
    }
    watcher.dueTurn = due;
    this.wheel[due % this.wheel.length]?.push(watcher);
  }

  /** The hand as the watcher may see it now, with its distance; null if they may not. */
  private visible(
    watcher: Watcher,
    hand: Hand,
  ): { shown: Required<Shown>; distance: number } | null {
    if (hand.userId === watcher.userId || hand.ghost || !hand.cell) return null;
    if (watcher.moods && !watcher.moods.includes(hand.mood)) return null;
    if (this.deps.blocks.isBlocked(watcher.userId, hand.userId)) return null;
    const shown = this.current(hand);
    const distance = distanceM(watcher, shown.point);
    return distance > watcher.radiusM ? null : { shown, distance };
  }

  private entryFor(watcher: Watcher, hand: Hand): MapHand | null {
    const seen = this.visible(watcher, hand);
    if (!seen) return null;
    const { point, cell } = seen.shown;
    // Snapshots only (one per watch), where a spread costs little; diffs use the encoded part.
    return {
      ...sharedFields(hand.card, hand.mood, cell, point),
      distanceM: roundedDistance(seen.distance),
      ring: ringsBetween(watcher.centerCell, cell),
    };
  }

  /** The entry of a diff, encoded: the hand's shared part and the watcher's own two fields. */
  private encodedEntry(
    watcher: Watcher,
    userId: number,
    seen: { shown: Required<Shown>; distance: number },
  ): EncodedEntry {
    const ring = ringsBetween(watcher.centerCell, seen.shown.cell);
    const json = entryJson(seen.shown.json, roundedDistance(seen.distance), ring);
    return { ring, userId, json };
  }

  private offsetOf(userId: number, day: number): Shown {
    const cached = this.offsets.get(userId);
    if (cached?.day === day) return cached;
    const offset: Shown = { day, ...dayOffset(userId, day, this.deps.secret) };
    this.offsets.set(userId, offset);
    return offset;
  }

  /** The user's facts of the day for their current cell and mood, computed once for all. */
  private current(hand: Hand): Required<Shown> {
    const shown = this.offsetOf(hand.userId, dayOf(this.now()));
    if (
      shown.signature === undefined ||
      shown.cell !== hand.cell ||
      shown.mood !== hand.mood ||
      shown.card !== hand.card
    ) {
      shown.cell = hand.cell ?? '';
      shown.mood = hand.mood;
      shown.card = hand.card;
      shown.signature = `${hand.cell}|${hand.mood}|${shown.day}`;
      shown.point = hand.cell ? shownPosition(hand.cell, shown) : { lat: 0, lon: 0 };
      shown.json = sharedPart(hand.card, hand.mood, shown.cell, shown.point);
    }
    return shown as Required<Shown>;
  }

  /** Changes when what a watcher sees of the hand changes: its cell, mood or shown point. */
  private signatureOf(hand: Hand): string {
    return this.current(hand).signature;
  }

  /**
   * One turn of the wheel: the watchers due now flush, in batches with the event loop let go
   * between them so positions and chat get in between. A batch's pending ids are taken (a
   * change after that schedules the watcher again, a tick later) and their hands read from the
   * store in one call.
   */
  private turnWheel(): void {
    this.turn += 1;
    const slot = this.turn % this.wheel.length;
    const due = this.wheel[slot] ?? [];
    if (due.length === 0) return;
    this.wheel[slot] = [];
    const now = this.now();
    const batches: { watcher: Watcher; ids: number[] }[][] = [];
    let batch: { watcher: Watcher; ids: number[] }[] = [];
    for (const watcher of due) {
      // Flushed early with a position since (see `flushWithPosition`): it waits elsewhere now.
      if (watcher.dueTurn !== this.turn) continue;
      watcher.scheduled = false;
      if (this.watchers.get(watcher.socketId) !== watcher || watcher.pending.size === 0) continue;
      watcher.flushedTurn = this.turn;
      watcher.flushedAt = now;
      batch.push({ watcher, ids: [...watcher.pending] });
      watcher.pending.clear();
      if (batch.length === DIFF_BATCH) {
        batches.push(batch);
        batch = [];
      }
    }
    if (batch.length > 0) batches.push(batch);
    // A failing store (Redis away) costs a flush, never the process.
    this.sendBatches(batches).catch(this.failed('map flush'));
  }

  private async sendBatches(batches: { watcher: Watcher; ids: number[] }[][]): Promise<void> {
    for (const [n, batch] of batches.entries()) {
      if (n > 0) await new Promise((resolve) => setImmediate(resolve));
      await this.sendBatch(batch);
    }
  }

  private async sendBatch(batch: { watcher: Watcher; ids: number[] }[]): Promise<void> {
    const wanted = new Set<number>();
    for (const { ids } of batch) for (const id of ids) wanted.add(id);
    const hands = await this.deps.store.getMany([...wanted]);
    const now = this.now();
    for (const { watcher, ids } of batch) {
      // A watcher that went away while the hands were read gets nothing.
      if (this.watchers.get(watcher.socketId) !== watcher) continue;
      const upsert: EncodedEntry[] = [];
      const left: number[] = [];
      /** Hands shown for the first time, or no longer: their sightings are recorded. */
      const sighted: number[] = [];
      for (const userId of ids) {
        const hand = hands.get(userId);
        const seen = hand ? this.visible(watcher, hand) : null;
        const before = watcher.known.get(userId);
        if (seen) {
          // The ring and distance follow from the signature's cell: unchanged, nothing to send.
          if (seen.shown.signature !== before) {
            if (before === undefined) sighted.push(userId);
            watcher.known.set(userId, seen.shown.signature);
            upsert.push(this.encodedEntry(watcher, userId, seen));
          }
        } else if (before !== undefined) {
          watcher.known.delete(userId);
          left.push(userId);
          sighted.push(userId);
        }
      }
      if (upsert.length > 0 || left.length > 0) {
        upsert.sort((a, b) => a.ring - b.ring || a.userId - b.userId);
        watcher.send(
          diffJson(
            upsert.map((entry) => entry.json),
            left,
          ),
        );
      }
      this.recordSighted(watcher, sighted, now);
    }
  }
}
