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
} from './coarse-position.ts';
import type { Hand, PresenceStore } from './presence-store.ts';

/** The app sends about every 15 s; a little under a second tolerates timer jitter at 1 Hz. */
const MIN_POSITION_INTERVAL_MS = 900;
/** Who someone saw on the map may be written to for this long (issue: now or within 24 h). */
const SIGHTING_TTL_MS = 24 * 3600 * 1000;
/** A shown point lies at most this far from its cell's centre (76 m cell + 40 m offset). */
const CELL_REACH_M = 120;

export interface MapServiceDeps {
  store: PresenceStore;
  config: MeetConfig;
  /** Keys the per-user offset of the day; never sent anywhere. */
  secret: string;
  /** Whether either of the two blocked the other; `prepare` loads a user's blocks first. */
  blocks: { isBlocked(a: number, b: number): boolean; prepare(userId: number): Promise<void> };
  isBanned(userId: number): Promise<boolean>;
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
  watch: MapWatch;
  centerCell: string;
  areas: string[];
  /** What this watcher was last sent, by user id: the signature of the entry. */
  known: Map<number, string>;
  /** Users whose entry may have changed since the last diff. */
  pending: Set<number>;
  send: (diff: MapDiff) => void;
}

function signature(entry: MapHand): string {
  return `${entry.cell}|${entry.mood}|${entry.lat}|${entry.lon}`;
}

/**
 * Raised hands and the live map (issue 11): one hand per user across devices, positions kept
 * only in the presence store, and watchers that get a snapshot and then diffs of coarse
 * positions. Watchers are indexed by the same area cells as hands, so a change reaches only
 * the watchers whose area covers it.
 */
export class MapService {
  private readonly watchers = new Map<string, Watcher>();
  private readonly watchersByArea = new Map<string, Set<string>>();
  private readonly connections = new Map<number, number>();
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  private readonly maxTimers = new Map<number, NodeJS.Timeout>();
  private readonly lastPositionAt = new Map<number, number>();
  /** viewer → (seen user → when last shown). */
  private readonly sightings = new Map<number, Map<number, number>>();
  /** The HMAC of each user's offset, computed once a day rather than once per entry. */
  private readonly offsets = new Map<number, { day: number; east: number; north: number }>();
  private readonly ticker: NodeJS.Timeout;
  private ticking = false;
  private readonly now: () => number;

  constructor(private readonly deps: MapServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.ticker = setInterval(() => void this.tick(), deps.tickMs ?? 1000);
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

  async raise(user: UserRow, mood: Mood): Promise<HandState> {
    if (await this.deps.isBanned(user.id)) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'meet.banned' });
    }
    if (!user.emailVerified || !isProfileComplete(user)) {
      throw new AppError(ErrorCode.CONDITIONS_NOT_MET, {
        messageKey: 'meet.profile-incomplete',
      });
    }
    const existing = await this.deps.store.get(user.id);
    if (existing) {
      const hand = { ...existing, mood };
      await this.deps.store.put(hand);
      this.changed(user.id, existing.area, hand.area, hand.cell);
      return this.stateOf(hand);
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
    const timer = setTimeout(
      () => void this.drop(user.id, HandDropReason.EXPIRED),
      this.deps.config.handMaxMs,
    );
    timer.unref();
    this.maxTimers.set(user.id, timer);
    return this.stateOf(hand);
  }

  private async requireHand(userId: number): Promise<Hand> {
    const hand = await this.deps.store.get(userId);
    if (!hand) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'meet.hand-not-raised' });
    return hand;
  }

  async setGhost(userId: number, ghost: boolean): Promise<HandState> {
    const hand = { ...(await this.requireHand(userId)), ghost };
    await this.deps.store.put(hand);
    this.changed(userId, hand.area, hand.area, hand.cell);
    return this.stateOf(hand);
  }

  async position(userId: number, update: PositionUpdate): Promise<void> {
    const hand = await this.requireHand(userId);
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
    const moved = cell !== hand.cell;
    await this.deps.store.put({
      ...hand,
      position: { lat: update.lat, lon: update.lon, accuracy: update.accuracy, at: update.at },
      cell,
      area,
    });
    // Moves inside the cell change nothing anyone may see, so they reach no watcher.
    if (moved) this.changed(userId, hand.area, area, cell);
  }

  async drop(userId: number, reason: HandDropReason): Promise<boolean> {
    const hand = await this.deps.store.remove(userId);
    clearTimeout(this.maxTimers.get(userId));
    clearTimeout(this.offlineTimers.get(userId));
    this.maxTimers.delete(userId);
    this.offlineTimers.delete(userId);
    this.lastPositionAt.delete(userId);
    this.offsets.delete(userId);
    if (!hand) return false;
    this.changed(userId, hand.area, null);
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
    const timer = setTimeout(
      () => void this.drop(userId, HandDropReason.OFFLINE),
      this.deps.config.handOfflineMs,
    );
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
      watch,
      centerCell: handCell(watch.lat, watch.lon),
      areas: areasAround(watch, watch.radiusM),
      known: new Map(),
      pending: new Set(),
      send,
    };
    this.watchers.set(socketId, watcher);
    for (const area of watcher.areas) {
      let set = this.watchersByArea.get(area);
      if (!set) this.watchersByArea.set(area, (set = new Set()));
      set.add(socketId);
    }
    const hands: MapHand[] = [];
    for (const hand of await this.deps.store.inAreas(watcher.areas)) {
      const entry = this.entryFor(watcher, hand);
      if (!entry) continue;
      watcher.known.set(hand.userId, signature(entry));
      hands.push(entry);
    }
    hands.sort((a, b) => a.ring - b.ring || a.userId - b.userId);
    return { hands };
  }

  unwatch(socketId: string): void {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    this.watchers.delete(socketId);
    for (const area of watcher.areas) {
      const set = this.watchersByArea.get(area);
      set?.delete(socketId);
      if (set?.size === 0) this.watchersByArea.delete(area);
    }
  }

  /** A block between the two changed: each one's watchers re-check the other. */
  blockChanged(a: number, b: number): void {
    for (const watcher of this.watchers.values()) {
      if (watcher.userId === a) watcher.pending.add(b);
      if (watcher.userId === b) watcher.pending.add(a);
    }
  }

  /** Whether `viewer` was shown `seen` on the map within the last 24 hours. */
  sawRecently(viewer: number, seen: number): boolean {
    const at = this.sightings.get(viewer)?.get(seen);
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
    for (const area of new Set([oldArea, newArea])) {
      if (!area) continue;
      for (const socketId of this.watchersByArea.get(area) ?? []) {
        const watcher = this.watchers.get(socketId);
        if (!watcher) continue;
        const near =
          centre !== null &&
          distanceM(watcher.watch, centre) <= watcher.watch.radiusM + CELL_REACH_M;
        if (near || watcher.known.has(userId)) watcher.pending.add(userId);
      }
    }
  }

  private entryFor(watcher: Watcher, hand: Hand): MapHand | null {
    if (hand.userId === watcher.userId || hand.ghost || !hand.cell) return null;
    if (watcher.watch.moods && !watcher.watch.moods.includes(hand.mood)) return null;
    if (this.deps.blocks.isBlocked(watcher.userId, hand.userId)) return null;
    const now = this.now();
    const shown = shownPosition(hand.cell, this.offsetOf(hand.userId, dayOf(now)));
    const distance = distanceM(watcher.watch, shown);
    if (distance > watcher.watch.radiusM) return null;
    let seen = this.sightings.get(watcher.userId);
    if (!seen) this.sightings.set(watcher.userId, (seen = new Map()));
    seen.set(hand.userId, now);
    return {
      ...hand.card,
      mood: hand.mood,
      cell: hand.cell,
      lat: shown.lat,
      lon: shown.lon,
      distanceM: roundedDistance(distance),
      ring: ringsBetween(watcher.centerCell, hand.cell),
    };
  }

  private offsetOf(userId: number, day: number): { east: number; north: number } {
    const cached = this.offsets.get(userId);
    if (cached?.day === day) return cached;
    const offset = { day, ...dayOffset(userId, day, this.deps.secret) };
    this.offsets.set(userId, offset);
    return offset;
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

  private async sendDiffs(): Promise<void> {
    let served = 0;
    for (const watcher of this.watchers.values()) {
      if (watcher.pending.size === 0) continue;
      // Let positions and chat in between, so a large tick does not hold the event loop.
      if (++served % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
      const ids = [...watcher.pending];
      watcher.pending.clear();
      const diff: MapDiff = { upsert: [], left: [] };
      for (const userId of ids) {
        const hand = await this.deps.store.get(userId);
        const entry = hand ? this.entryFor(watcher, hand) : null;
        const before = watcher.known.get(userId);
        if (entry) {
          const sig = signature(entry);
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
    }
  }
}
