import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Mood, PublicCard } from '@meeet/core/api/meet';
import {
  HandDropReason,
  POSITION_FUTURE_SKEW_MS,
  POSITION_MAX_AGE_MS,
  type HandState,
  type MapDiff,
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
  dayOf,
  dayOffset,
  distanceM,
  handCell,
  ringsBetween,
  roundedDistance,
  shownPosition,
  type LatLon,
} from './coarse-position.ts';
import type { Hand, PresenceEvent, PresenceStore } from './presence-store.ts';

/** The app sends about every 15 s; a little under a second tolerates timer jitter at 1 Hz. */
const MIN_POSITION_INTERVAL_MS = 900;
/** Who someone saw on the map may be written to for this long (issue: now or within 24 h). */
const SIGHTING_TTL_MS = 24 * 3600 * 1000;
/** A shown point lies at most this far from its cell's centre (76 m cell + 40 m offset). */
const CELL_REACH_M = 120;
const METRES_PER_DEGREE = 111_320;
/** Watchers served between two turns of the event loop. */
const DIFF_BATCH = 100;

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
  now?: () => number;
  /** Diffs are batched per watcher and sent at most once per tick. */
  tickMs?: number;
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
  areas: string[];
  /** What this watcher was last sent, by user id: the signature of the entry. */
  known: Map<number, string>;
  /** Users whose entry may have changed since the last diff. */
  pending: Set<number>;
  send: (diff: MapDiff) => void;
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
}

/**
 * Raised hands and the live map (issue 11): one hand per user across devices, positions kept
 * only in the presence store, and watchers that get a snapshot and then diffs of coarse
 * positions. Watchers are indexed by the same area cells as hands, so a change reaches only
 * the watchers whose area covers it.
 */
export class MapService {
  private readonly watchers = new Map<string, Watcher>();
  private readonly watchersByArea = new Map<string, Set<Watcher>>();
  private readonly connections = new Map<number, number>();
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  private readonly maxTimers = new Map<number, NodeJS.Timeout>();
  private readonly lastPositionAt = new Map<number, number>();
  /** The HMAC of each user's offset, computed once a day rather than once per entry. */
  private readonly offsets = new Map<number, Shown>();
  private readonly ticker: NodeJS.Timeout;
  private ticking = false;
  private readonly now: () => number;

  constructor(private readonly deps: MapServiceDeps) {
    this.now = deps.now ?? Date.now;
    deps.store.subscribe((event) => this.heard(event));
    // A failing store (Redis away) costs a tick, never the process.
    this.ticker = setInterval(() => {
      this.tick().catch(this.failed('map tick'));
    }, deps.tickMs ?? 1000);
    this.ticker.unref();
  }

  close(): void {
    clearInterval(this.ticker);
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
  private announce(userId: number, from: string | null, to: string | null, cell: string | null) {
    this.deps.store.publish({ type: 'hand', userId, from, to, cell });
  }

  private heard(event: PresenceEvent): void {
    if (event.type === 'hand') {
      this.changed(event.userId, event.from, event.to, event.cell);
      return;
    }
    const { a, b } = event;
    this.deps.blocks.reload([a, b]).then(() => {
      for (const watcher of this.watchers.values()) {
        if (watcher.userId === a) watcher.pending.add(b);
        if (watcher.userId === b) watcher.pending.add(a);
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
    if (existing) {
      this.announce(user.id, existing.area, existing.area, existing.cell);
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
    this.announce(userId, before.area, before.area, before.cell);
    return this.stateOf({ ...before, ghost });
  }

  async position(userId: number, update: PositionUpdate): Promise<void> {
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
    const last = this.lastPositionAt.get(userId);
    if (last !== undefined && now - last < MIN_POSITION_INTERVAL_MS) {
      throw new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'meet.position-too-often' });
    }
    this.lastPositionAt.set(userId, now);
    const cell = handCell(update.lat, update.lon);
    const area = areaOf(cell);
    const before = await this.deps.store.update(userId, {
      position: { lat: update.lat, lon: update.lon, accuracy: update.accuracy, at: update.at },
      cell,
      area,
    });
    if (!before) {
      this.lastPositionAt.delete(userId);
      throw notRaised();
    }
    // Moves inside the cell change nothing anyone may see, so they reach no watcher.
    if (cell !== before.cell) this.announce(userId, before.area, area, cell);
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
    this.lastPositionAt.delete(userId);
    this.offsets.delete(userId);
    if (!hand) return false;
    this.announce(userId, hand.area, null, null);
    this.deps.dropped(userId, reason);
    return true;
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
    send: (diff: MapDiff) => void,
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
      areas: areasAround(watch, watch.radiusM),
      known: new Map(),
      pending: new Set(),
      send,
    };
    this.watchers.set(socketId, watcher);
    for (const area of watcher.areas) {
      let set = this.watchersByArea.get(area);
      if (!set) this.watchersByArea.set(area, (set = new Set()));
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
    await this.deps.store.sighted(
      userId,
      hands.map((h) => h.userId),
      this.now(),
      SIGHTING_TTL_MS,
    );
    return { hands };
  }

  unwatch(socketId: string): void {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    this.watchers.delete(socketId);
    for (const area of watcher.areas) {
      const set = this.watchersByArea.get(area);
      set?.delete(watcher);
      if (set?.size === 0) this.watchersByArea.delete(area);
    }
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

  /**
   * Marks the user pending for the watchers who may see the change: those who were shown the
   * user (they may need a `left`) and those whose circle reaches the user's cell.
   */
  private changed(
    userId: number,
    oldArea: string | null,
    newArea: string | null,
    cell: string | null = null,
  ): void {
    const centre = cell ? cellCentre(cell) : null;
    for (const area of oldArea === newArea ? [newArea] : [oldArea, newArea]) {
      if (!area) continue;
      const watchers = this.watchersByArea.get(area);
      if (!watchers) continue;
      for (const watcher of watchers) {
        // Hundreds of watchers per change in a busy city: a flat-earth distance (no
        // trigonometry per watcher) with a margin; the entry itself is checked exactly.
        let near = false;
        if (centre !== null) {
          let dLon = centre.lon - watcher.lon;
          if (dLon > 180) dLon -= 360;
          else if (dLon < -180) dLon += 360;
          const east = dLon * METRES_PER_DEGREE * watcher.cosLat;
          const north = (centre.lat - watcher.lat) * METRES_PER_DEGREE;
          near = east * east + north * north <= watcher.reachSq;
        }
        if (near || watcher.known.has(userId)) watcher.pending.add(userId);
      }
    }
  }

  private entryFor(watcher: Watcher, hand: Hand): MapHand | null {
    if (hand.userId === watcher.userId || hand.ghost || !hand.cell) return null;
    if (watcher.moods && !watcher.moods.includes(hand.mood)) return null;
    if (this.deps.blocks.isBlocked(watcher.userId, hand.userId)) return null;
    const shown = this.shownOf(hand);
    const distance = distanceM(watcher, shown);
    if (distance > watcher.radiusM) return null;
    const { card } = hand;
    // Field by field: spreading the card cost ~6 µs an entry, most of a busy tick.
    return {
      userId: card.userId,
      nickname: card.nickname,
      firstName: card.firstName,
      avatar: card.avatar,
      verified: card.verified,
      levels: card.levels,
      mood: hand.mood,
      cell: hand.cell,
      lat: shown.lat,
      lon: shown.lon,
      distanceM: roundedDistance(distance),
      ring: ringsBetween(watcher.centerCell, hand.cell),
    };
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
    if (shown.signature === undefined || shown.cell !== hand.cell || shown.mood !== hand.mood) {
      shown.cell = hand.cell ?? '';
      shown.mood = hand.mood;
      shown.signature = `${hand.cell}|${hand.mood}|${shown.day}`;
      shown.point = hand.cell ? shownPosition(hand.cell, shown) : { lat: 0, lon: 0 };
    }
    return shown as Required<Shown>;
  }

  /** Where everyone sees the hand today: its cell's centre moved by the day's offset. */
  private shownOf(hand: Hand): LatLon {
    return this.current(hand).point;
  }

  /** Changes when what a watcher sees of the hand changes: its cell, mood or shown point. */
  private signatureOf(hand: Hand): string {
    return this.current(hand).signature;
  }

  /** Sends each watcher with pending changes one diff. */
  async tick(): Promise<void> {
    // A slow tick is not overlapped by the next one; that one just finds more pending.
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.sendDiffs();
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Watchers are served in batches: a batch's pending ids are taken (a change after that marks
   * them pending for the next tick), their hands read from the store in one call, and the
   * event loop is let go between batches so positions and chat get in between.
   */
  private async sendDiffs(): Promise<void> {
    let batch: { watcher: Watcher; ids: number[] }[] = [];
    for (const watcher of this.watchers.values()) {
      if (watcher.pending.size === 0) continue;
      batch.push({ watcher, ids: [...watcher.pending] });
      watcher.pending.clear();
      if (batch.length === DIFF_BATCH) {
        await this.sendBatch(batch);
        batch = [];
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (batch.length > 0) await this.sendBatch(batch);
  }

  private async sendBatch(batch: { watcher: Watcher; ids: number[] }[]): Promise<void> {
    const wanted = new Set<number>();
    for (const { ids } of batch) for (const id of ids) wanted.add(id);
    const hands = await this.deps.store.getMany([...wanted]);
    const now = this.now();
    for (const { watcher, ids } of batch) {
      // A watcher that went away while the hands were read gets nothing.
      if (this.watchers.get(watcher.socketId) !== watcher) continue;
      const diff: MapDiff = { upsert: [], left: [] };
      for (const userId of ids) {
        const hand = hands.get(userId);
        const entry = hand ? this.entryFor(watcher, hand) : null;
        const before = watcher.known.get(userId);
        if (entry) {
          const sig = this.signatureOf(hand as Hand);
          if (sig !== before) {
            watcher.known.set(userId, sig);
            diff.upsert.push(entry);
          }
        } else if (before !== undefined) {
          watcher.known.delete(userId);
          diff.left.push(userId);
        }
      }
      if (diff.upsert.length > 0 || diff.left.length > 0) {
        diff.upsert.sort((a, b) => a.ring - b.ring || a.userId - b.userId);
        watcher.send(diff);
      }
      if (diff.upsert.length > 0) {
        this.deps.store
          .sighted(
            watcher.userId,
            diff.upsert.map((h) => h.userId),
            now,
            SIGHTING_TTL_MS,
          )
          .catch(this.failed('sightings'));
      }
    }
  }
}
