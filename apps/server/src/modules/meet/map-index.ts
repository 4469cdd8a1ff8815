import type { Mood } from '@meeet/core/api/meet';
import type { MapDiff, MapHand, MapSnapshot, MapWatch } from '@meeet/core/api/realtime';
import {
  areaOf,
  areasAround,
  cellCentre,
  cosLatOf,
  type CosLatLon,
  FINE_INDEX_MAX_RADIUS_M,
  FINE_INDEX_RESOLUTION,
  fineIndexOf,
  indexCellsAround,
  distanceCosM,
  handCell,
  parsedCell,
  ringsBetween,
  roundedDistance,
  type LatLon,
  type ParsedCell,
} from './coarse-position.ts';
import { byRingThenUser, mapEntry, sharedFields, sortEntries } from './map-diff.ts';
import { sameCard, Shown, type ShownHand } from './shown.ts';
import { PacedFlushes } from './paced-flushes.ts';
import { NearList } from './near-list.ts';
import type { Hand } from './presence-store.ts';

/**
 * A sighting is recorded when a hand is first shown to a watcher and when it stops being shown,
 * not with every move: that was a write to the store per diff (three Redis commands with Redis).
 * What a watcher keeps being shown is recorded again this often (see `refreshSightings`), so a
 * hand shown without a break for longer than sightings are kept (24 h) stays someone seen, and
 * a process that dies loses at most this much of its watchers' last sightings.
 */
const SIGHTING_REFRESH_MS = 3600 * 1000;
/**
 * A shown point is its (displaced) cell's centre: a margin over it for the quick flat-earth
 * test of which watchers a change may concern.
 */
const CELL_REACH_M = 20;
/** Watchers served between two turns of the event loop. */
const DIFF_BATCH = 25;
/** A watcher's diff waits at most this share of a tick past its due time (see paced-flushes.ts). */
const SLOTS_PER_TICK = 20;

export interface MapIndexDeps {
  /** Whether either of the two blocked the other; `prepare` loads a user's blocks first. */
  blocks: {
    isBlocked(a: number, b: number): boolean;
    prepare(userId: number): Promise<void>;
  };
  /**
   * The hands of these users now, in the order asked (read at every flush, so a diff shows the
   * latest).
   */
  hands(userIds: readonly number[]): Promise<(Hand | undefined)[]>;
  /** The hands indexed in these area cells (a snapshot). */
  handsInAreas(areas: readonly string[]): Promise<Hand[]>;
  /** Records that `viewer` was shown these users at `at` (see map.service.ts, sightings). */
  sighted(viewer: number, seen: readonly number[], at: number): Promise<void>;
  onError?: (error: unknown, what: string) => void;
  now: () => number;
  /** Diffs are batched per watcher and sent at most once per tick. */
  tickMs: number;
}

interface Watcher {
  socketId: string;
  userId: number;
  /** Copied out of the parsed payload: plain fields of one shape are much faster to read. */
  radiusM: number;
  moods: readonly Mood[] | null;
  centerCell: ParsedCell;
  /**
   * For the quick test of whether a change may concern the watcher (see `changedIn`): a
   * flat-earth distance with a margin; the entry itself is checked exactly.
   */
  lat: number;
  lon: number;
  cosLat: number;
  reachSq: number;
  /**
   * Where the distances this watcher is shown are measured from: their own shown point (their
   * hand's cell centre) while their hand is on the map, else the watched centre. Two people on
   * each other's maps are then told the same distance (shown point to shown point), where the
   * watched centre (the phone's true first fix) to the other's displaced point differed by up to
   * the displacement both ways.
   */
  from: CosLatLon;
  /** Area cells of the circle: the snapshot reads the hands indexed in them. */
  areas: string[];
  /** Cells this watcher is indexed by: fine ones for a small circle, else its areas. */
  indexCells: string[];
  fine: boolean;
  /** What this watcher was last sent, by user id: the signature of the entry. */
  known: Map<number, number>;
  /** When everything in `known` was last recorded as sighted (see `SIGHTING_REFRESH_MS`). */
  recordedAt: number;
  /**
   * Users whose entry may have changed since the last diff. A list, not a set: a user listed
   * twice is looked at twice and sent once (the second look finds the entry known), and a set's
   * add and its clearing with every flush were most of the marking's time.
   */
  pending: number[];
  send: (diff: MapDiff) => void;
}

/** What `distanceIfShown` answers for a hand the watcher may not see. */
const NOT_SHOWN = -1;

/**
 * Entry signatures count up to this and start again at 1: a small integer is stored in place,
 * where a larger number would be a boxed one. A watcher would have to keep one entry unchanged
 * through a billion changes of others (days, even at 5,000 a second) and meet its very
 * number again to miss a change.
 */
const MAX_SIGNATURE = 2 ** 30 - 1;

/** The users a batch of flushes needs, each once (a single flush, the usual one, needs none). */
function wantedBy(batch: readonly { ids: readonly number[] }[]): number[] {
  const wanted = new Set<number>();
  for (const { ids } of batch) for (const id of ids) wanted.add(id);
  return [...wanted];
}

/**
 * The live map's watchers and what each was shown: watchers indexed by the same cells as hands,
 * so a change reaches only those whose area covers it; a snapshot per watch, then diffs of
 * coarse positions at most once a tick per watcher. It does no I/O of its own: hands, blocks and
 * sightings come and go through its deps, so it can run apart from the hands' life (a worker
 * thread is the plan, see docs/decisions.md).
 */
export class MapIndex {
  private readonly watchers = new Map<string, Watcher>();
  /** Each user's watchers (a user may watch from several sockets): their own moves re-measure. */
  private readonly watchersByUser = new Map<number, Watcher[]>();
  /**
   * Watchers by index cell: small circles by fine cells, large ones by area cells. Lists, not
   * sets: every move walks hundreds of them, and a set's iterator took twice an array's time;
   * a watch is changed seldom, and its removal's search is short.
   */
  private readonly watchersByFine = new Map<string, NearList<Watcher>>();
  private readonly watchersByArea = new Map<string, NearList<Watcher>>();
  /** What each user with a hand is shown as, worked out once per change of the hand. */
  private readonly shownUsers = new Map<number, Shown>();
  /** The next entry signature (see `Shown.signature`). */
  private nextSignature = 1;
  /** Each watcher's diffs, at most one a tick, spread over it. */
  private readonly flushes: PacedFlushes<Watcher>;
  private readonly now: () => number;

  constructor(private readonly deps: MapIndexDeps) {
    this.now = deps.now;
    this.flushes = new PacedFlushes({
      periodMs: deps.tickMs,
      slotsPerPeriod: SLOTS_PER_TICK,
      run: (due) => this.flush(due),
    });
  }

  close(): void {
    this.flushes.close();
  }

  private failed(what: string): (error: unknown) => void {
    return (error) => this.deps.onError?.(error, what);
  }

  /** Made once: sightings are recorded with most flushes. */
  private readonly sightingsFailed = this.failed('sightings');

  /** The user's hand dropped: what they are shown as is worked out again if it comes back. */
  forget(userId: number): void {
    this.shownUsers.delete(userId);
  }

  /** A block between the two changed (blocks reloaded): each one's watchers re-check the other. */
  blocksChanged(a: number, b: number): void {
    for (const watcher of this.watchers.values()) {
      if (watcher.userId === a) this.mark(watcher, b);
      if (watcher.userId === b) this.mark(watcher, a);
    }
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
      centerCell: parsedCell(handCell(watch.lat, watch.lon)),
      lat: watch.lat,
      lon: watch.lon,
      cosLat: cosLatOf(watch.lat),
      // A little over the exact reach: the quick flat-earth distance may err by a fraction.
      reachSq: ((watch.radiusM + CELL_REACH_M) * 1.02 + 50) ** 2,
      areas: [],
      indexCells: [],
      fine: watch.radiusM <= FINE_INDEX_MAX_RADIUS_M,
      from: { lat: watch.lat, lon: watch.lon, cosLat: cosLatOf(watch.lat) },
      known: new Map(),
      recordedAt: 0,
      pending: [],
      send,
    };
    watcher.areas = areasAround(watch, watch.radiusM);
    watcher.indexCells = watcher.fine
      ? indexCellsAround(watch, watch.radiusM, FINE_INDEX_RESOLUTION)
      : watcher.areas;
    const [own] = await this.deps.hands([userId]);
    if (own?.cell) watcher.from = this.pointOf(own.cell);
    this.watchers.set(socketId, watcher);
    const mine = this.watchersByUser.get(userId);
    if (mine) mine.push(watcher);
    else this.watchersByUser.set(userId, [watcher]);
    const index = watcher.fine ? this.watchersByFine : this.watchersByArea;
    for (const cell of watcher.indexCells) {
      let list = index.get(cell);
      if (!list) index.set(cell, (list = new NearList()));
      list.add(watcher);
    }
    const hands: MapHand[] = [];
    for (const hand of await this.deps.handsInAreas(watcher.areas)) {
      const entry = this.entryFor(watcher, hand);
      if (!entry) continue;
      watcher.known.set(hand.userId, this.signatureOf(hand));
      hands.push(entry);
    }
    hands.sort(byRingThenUser);
    watcher.recordedAt = this.now();
    await this.deps.sighted(
      userId,
      hands.map((h) => h.userId),
      watcher.recordedAt,
    );
    return { hands };
  }

  /** The watcher stops watching: everything it was being shown was last seen now. */
  unwatch(socketId: string): void {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    this.watchers.delete(socketId);
    const mine = this.watchersByUser.get(watcher.userId) ?? [];
    const left = mine.filter((other) => other !== watcher);
    if (left.length > 0) this.watchersByUser.set(watcher.userId, left);
    else this.watchersByUser.delete(watcher.userId);
    this.flushes.cancel(watcher);
    this.recordSighted(watcher, [...watcher.known.keys()], this.now());
    const index = watcher.fine ? this.watchersByFine : this.watchersByArea;
    for (const cell of watcher.indexCells) {
      const list = index.get(cell);
      if (list?.remove(watcher) && list.size === 0) index.delete(cell);
    }
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

  private recordSighted(watcher: Watcher, userIds: number[], now: number): void {
    if (userIds.length === 0) return;
    this.deps.sighted(watcher.userId, userIds, now).catch(this.sightingsFailed);
  }

  /**
   * Marks the user pending for the watchers who may see the change: those who were shown the
   * user (they may need a `left`; they are indexed by the cell the user leaves) and those whose
   * circle reaches the user's new cell.
   */
  changed(userId: number, fromCell: string | null, toCell: string | null): void {
    if (fromCell !== toCell) this.remeasure(userId, toCell);
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
   * The user's own shown point moved (or their hand came or went): every entry their watchers
   * were shown is measured again from the new point and sent with the next flush.
   */
  private remeasure(userId: number, toCell: string | null): void {
    for (const watcher of this.watchersByUser.get(userId) ?? []) {
      watcher.from = toCell
        ? this.pointOf(toCell)
        : { lat: watcher.lat, lon: watcher.lon, cosLat: watcher.cosLat };
      // Signature 0 matches no entry: each is sent again, not recorded as newly sighted.
      for (const seen of watcher.known.keys()) {
        watcher.known.set(seen, 0);
        this.mark(watcher, seen);
      }
    }
  }

  private pointOf(cell: string): CosLatLon {
    const point = cellCentre(cell);
    return { lat: point.lat, lon: point.lon, cosLat: cosLatOf(point.lat) };
  }

  /**
   * Marks the watchers near the cell the user left or the one they entered. Near the one left
   * stands for "may have been shown the user": an entry is only ever shown inside the circle,
   * within the reach of its cell's centre, and every cell change is announced with the cell
   * before it. That test is arithmetic on the watchers' packed reach (near-list.ts); asking
   * each watcher's `known` map instead was most of this loop's time.
   */
  private changedIn(
    watchers: NearList<Watcher> | undefined,
    userId: number,
    from: LatLon | null,
    to: LatLon | null,
  ): void {
    watchers?.forEachNear(to, from, (watcher) => this.mark(watcher, userId));
  }

  /** The user's entry may have changed for the watcher: it goes out with its next flush. */
  private mark(watcher: Watcher, userId: number): void {
    watcher.pending.push(userId);
    this.flushes.request(watcher);
  }

  /**
   * The distance from the watcher to the hand as shown now (`current`), or `NOT_SHOWN` if the
   * watcher may not see it. A number, not an object with the shown facts: `current` gives those
   * again at no cost, and an object per hand looked at was garbage for the collector.
   */
  private distanceIfShown(watcher: Watcher, hand: Hand): number {
    if (hand.userId === watcher.userId || hand.ghost || hand.cell === null) return NOT_SHOWN;
    if (watcher.moods && !watcher.moods.includes(hand.mood)) return NOT_SHOWN;
    if (this.deps.blocks.isBlocked(watcher.userId, hand.userId)) return NOT_SHOWN;
    const distance = distanceCosM(watcher, this.current(hand));
    return distance > watcher.radiusM ? NOT_SHOWN : distance;
  }

  private entryFor(watcher: Watcher, hand: Hand): MapHand | null {
    const distance = this.distanceIfShown(watcher, hand);
    if (distance === NOT_SHOWN) return null;
    const shown = this.current(hand);
    return mapEntry(
      shown.shared,
      roundedDistance(distanceCosM(watcher.from, shown)),
      ringsBetween(watcher.centerCell, shown.parsed),
    );
  }

  private shownOf(userId: number): Shown {
    let shown = this.shownUsers.get(userId);
    if (!shown) this.shownUsers.set(userId, (shown = new Shown()));
    return shown;
  }

  /** The user's facts for their current cell and mood, computed once for all. */
  private current(hand: Hand): ShownHand {
    const shown = this.shownOf(hand.userId);
    if (shown.hand === hand) return shown as ShownHand;
    shown.hand = hand;
    if (
      shown.signature === 0 ||
      shown.cell !== hand.cell ||
      shown.mood !== hand.mood ||
      !sameCard(shown.card, hand.card)
    ) {
      const cell = hand.cell ?? '';
      if (shown.cell !== cell) {
        shown.cell = cell;
        shown.parsed = parsedCell(cell);
      }
      shown.mood = hand.mood;
      shown.card = hand.card;
      shown.signature = this.nextSignature;
      this.nextSignature = (this.nextSignature % MAX_SIGNATURE) + 1;
      const point = hand.cell ? cellCentre(hand.cell) : { lat: 0, lon: 0 };
      shown.lat = point.lat;
      shown.lon = point.lon;
      shown.cosLat = cosLatOf(point.lat);
      shown.shared = sharedFields(hand.card, hand.mood, point);
    }
    return shown as ShownHand;
  }

  /** Changes when what a watcher sees of the hand changes: its cell (and point), mood or card. */
  private signatureOf(hand: Hand): number {
    return this.current(hand).signature;
  }

  /**
   * The watchers due now flush, in batches with the event loop let go between them so positions
   * and chat get in between. A watcher's pending ids are taken (a change after that asks for its
   * next flush, a tick later) and a batch's hands read from the store in one call.
   */
  private flush(due: Watcher[]): void {
    const batches: { watcher: Watcher; ids: number[] }[][] = [];
    let batch: { watcher: Watcher; ids: number[] }[] = [];
    for (const watcher of due) {
      if (this.watchers.get(watcher.socketId) !== watcher || watcher.pending.length === 0) continue;
      batch.push({ watcher, ids: watcher.pending });
      watcher.pending = [];
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
    const wanted = wantedBy(batch);
    const found = await this.deps.hands(wanted);
    const byUser = new Map(wanted.map((id, at) => [id, found[at]]));
    const now = this.now();
    for (const { watcher, ids } of batch) {
      // A watcher that went away while the hands were read gets nothing.
      if (this.watchers.get(watcher.socketId) !== watcher) continue;
      const upsert: MapHand[] = [];
      const left: number[] = [];
      /** Hands shown for the first time, or no longer: their sightings are recorded. */
      const sighted: number[] = [];
      for (const userId of ids) {
        const hand = byUser.get(userId);
        const distance = hand ? this.distanceIfShown(watcher, hand) : NOT_SHOWN;
        const before = watcher.known.get(userId);
        if (hand && distance !== NOT_SHOWN) {
          const shown = this.current(hand);
          // The ring and distance follow from the signature's cell: unchanged, nothing to send.
          if (shown.signature !== before) {
            if (before === undefined) sighted.push(userId);
            watcher.known.set(userId, shown.signature);
            upsert.push(
              mapEntry(
                shown.shared,
                roundedDistance(distanceCosM(watcher.from, shown)),
                ringsBetween(watcher.centerCell, shown.parsed),
              ),
            );
          }
        } else if (before !== undefined) {
          watcher.known.delete(userId);
          left.push(userId);
          sighted.push(userId);
        }
      }
      if (upsert.length > 0 || left.length > 0) {
        sortEntries(upsert);
        watcher.send({ upsert, left });
      }
      this.recordSighted(watcher, sighted, now);
    }
  }
}
