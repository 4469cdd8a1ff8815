import type { Mood, PublicCard } from '@meeet/core/api/meet';
import type { MapHand, MapSnapshot, MapWatch } from '@meeet/core/api/realtime';
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
import {
  EncodedDiff,
  sharedFields,
  sharedPart,
  type DiffEntry,
  type SharedPart,
} from './map-diff.ts';
import { NearList } from './near-list.ts';
import type { Hand } from './presence-store.ts';

/** A phone sending positions at the most allowed rate sends one this often (see map.service.ts). */
export const POSITION_PERIOD_MS = 1000;

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
/** The flush wheel turns this many times per tick (see `mark`). */
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
  /** Whether it waits in the flush wheel, the turn it waits for, and that of its last flush. */
  scheduled: boolean;
  dueTurn: number;
  flushedTurn: number;
  /** When it last flushed, and when the last position came on its socket (ms). */
  flushedAt: number;
  positionAt: number;
  /** The time between the socket's last two positions (ms): a second at 1 Hz, 15 s in the app. */
  positionGapMs: number;
  /**
   * Since when a position that came on its socket waits for its turn (ms; -1 with none, see
   * sliced-queue.ts): the pending diff leaves with its answer, and the wheel does not send it
   * alone meanwhile, for a beat at most (an answer that never comes must not hold the map).
   */
  waitingSince: number;
  /** Whether its last diff left on its own rather than with its position's answer. */
  flushedAlone: boolean;
  /** Sends a diff (see map-diff.ts). */
  send: (diff: EncodedDiff) => void;
}

/**
 * What every watcher is shown of a user: their (displaced, see coarse-position.ts) cell, its
 * centre as the shown point, and the entry, worked out once for all. Every field is set in the constructor, so all live in the
 * object itself: `visible` reads them for each watcher a change reaches, and the fields a plain
 * object gained later lived in a properties array of their own, one more cache miss per read
 * (`perf annotate` of `visible` in `bench:meet` at 5,000 clients, docs/benchmarks.md).
 */
class Shown implements CosLatLon {
  /**
   * The hand these facts were last checked against. The store never changes a hand in place
   * (every change is a new one), so the same hand again needs no check: most of a second's
   * reads of a hand are by the other watchers its change reached.
   */
  hand: Hand | null = null;
  cell = '';
  /** The cell parsed once for the rings of every watcher it is shown to. */
  parsed: ParsedCell | null = null;
  mood: Mood | null = null;
  card: PublicCard | null = null;
  /**
   * What a watcher's `known` holds: a number drawn anew whenever the entry's shared part is
   * worked out again (0 before). A number, not a string of the cell and mood: comparing two
   * strings read the old one back, a cache miss for most entries a diff sends.
   */
  signature = 0;
  /** The shown point (the cell's centre), with its cosine for the distances. */
  lat = 0;
  lon = 0;
  cosLat = 1;
  /** The entry's fields every watcher shares, encoded once (see map-diff.ts). */
  shared: SharedPart = NO_SHARED_PART;
}

/** A user's shown facts once worked out for a hand (their cell parsed). */
type ShownHand = Shown & { parsed: ParsedCell };

const NO_SHARED_PART: SharedPart = { json: '', bytes: 0 };

/** What `distanceIfShown` answers for a hand the watcher may not see. */
const NOT_SHOWN = -1;

/**
 * Entry signatures count up to this and start again at 1: a small integer is stored in place,
 * where a larger number would be a boxed one. A watcher would have to keep one entry unchanged
 * through a billion changes of others (days, even at 5,000 a second) and meet its very
 * number again to miss a change.
 */
const MAX_SIGNATURE = 2 ** 30 - 1;

/** A watcher's entry for a hand, with what the diff is sorted by. */
interface EncodedEntry extends DiffEntry {
  userId: number;
}

/** The order of a watcher's entries: by ring of cells, never by exact distance. */
function byRingThenUser(a: { ring: number; userId: number }, b: { ring: number; userId: number }) {
  return a.ring - b.ring || a.userId - b.userId;
}

/** Up to this many entries a diff is sorted in place by insertion (see `sortEntries`). */
const INSERTION_SORT_MAX = 16;

/**
 * A diff's entries in `byRingThenUser` order. A diff carries three or four entries on average,
 * and `Array.prototype.sort` allocates its work arrays for each call: 2.8 MB/s of garbage at
 * 4,000 clients, a twentieth of the server's. Insertion sort of a few needs none.
 */
function sortEntries(entries: EncodedEntry[]): void {
  if (entries.length > INSERTION_SORT_MAX) {
    entries.sort(byRingThenUser);
    return;
  }
  for (let at = 1; at < entries.length; at++) {
    const entry = entries[at]!;
    let to = at;
    while (to > 0 && byRingThenUser(entries[to - 1]!, entry) > 0) {
      entries[to] = entries[to - 1]!;
      to--;
    }
    entries[to] = entry;
  }
}

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
  private readonly ticker: NodeJS.Timeout;
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
  /** How long past its second a 1 Hz socket's next position is waited for (`LATE_TURNS`). */
  private readonly lateMs: number;
  private readonly now: () => number;

  constructor(private readonly deps: MapIndexDeps) {
    this.now = deps.now;
    this.tickMs = deps.tickMs;
    this.turnMs = this.tickMs / TURNS_PER_TICK;
    this.lateMs = LATE_TURNS * this.turnMs;
    this.ticker = setInterval(() => this.turnWheel(), this.turnMs);
    this.ticker.unref();
  }

  close(): void {
    clearInterval(this.ticker);
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
    send: (diff: EncodedDiff) => void,
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
      known: new Map(),
      recordedAt: 0,
      pending: [],
      scheduled: false,
      dueTurn: -1,
      flushedTurn: -TURNS_PER_TICK,
      flushedAt: 0,
      positionAt: 0,
      positionGapMs: Infinity,
      waitingSince: -1,
      flushedAlone: false,
      send,
    };
    watcher.areas = areasAround(watch, watch.radiusM);
    watcher.indexCells = watcher.fine
      ? indexCellsAround(watch, watch.radiusM, FINE_INDEX_RESOLUTION)
      : watcher.areas;
    this.watchers.set(socketId, watcher);
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
   * The diff of the watcher on the socket a position came on, sent now if its last one went
   * `EARLY_SHARE` of a tick ago: the socket layer writes it and the answer in one system call
   * (one write per message was a fifth of the server's time at 5,000 phones), and a phone
   * sending once a second gets its map with its own beat instead of a write of its own.
   */
  async positionCame(socketId: string, at = this.now()): Promise<void> {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    if (watcher.waitingSince < 0) this.arrived(watcher, at);
    watcher.waitingSince = -1;
    // The position's time is when it came: how long it then waited is the server's, not the
    // phone's, and would otherwise look like a beat that came early.
    const now = at;
    if (watcher.pending.length === 0) return;
    if (now - watcher.flushedAt < this.tickMs * EARLY_SHARE) {
      this.positionTooSoon(watcher, now);
      return;
    }
    watcher.scheduled = false;
    watcher.flushedAlone = false;
    watcher.dueTurn = -1;
    watcher.flushedTurn = this.turn;
    watcher.flushedAt = now;
    const ids = watcher.pending;
    watcher.pending = [];
    await this.sendBatch([{ watcher, ids }]);
  }

  /** A position came on the socket `at` and waits for its turn; `positionCame` takes it. */
  positionArrived(socketId: string, at: number): void {
    const watcher = this.watchers.get(socketId);
    if (watcher) this.arrived(watcher, at);
  }

  private arrived(watcher: Watcher, at: number): void {
    watcher.positionGapMs = at - watcher.positionAt;
    watcher.positionAt = at;
    if (watcher.waitingSince < 0) watcher.waitingSince = at;
  }

  /** The turn `waitMs` from now, the next one at the soonest. */
  private turnAfter(waitMs: number): number {
    return this.turn + Math.max(1, Math.ceil(waitMs / this.turnMs));
  }

  /** The watcher waits in the wheel for turn `due` (a slot it waited in before skips it). */
  private dueAt(watcher: Watcher, due: number): void {
    watcher.dueTurn = due;
    this.wheel[due % this.wheel.length]?.push(watcher);
  }

  /**
   * A 1 Hz socket's position came less than `EARLY_SHARE` of a tick after its last diff, so the
   * pending diff cannot ride with it. Left to the wheel, the diff would leave on its own a
   * second after the last one: just before the next position, which would come too soon again,
   * a write of its own every second from then on. So:
   * - if the last diff left on its own just before this position (within the 200 ms a late
   *   position is waited for), the diff waits for the next position, due at most 200 ms after
   *   the wheel would have sent it, and rides with the answers from then on;
   * - otherwise (the phone's beat came early) it leaves as soon as the tick allows, right after
   *   this position, and the next position comes a tick after it.
   */
  private positionTooSoon(watcher: Watcher, now: number): void {
    if (!watcher.scheduled || watcher.positionGapMs > 2 * POSITION_PERIOD_MS) return;
    const waitMs =
      watcher.flushedAlone && now - watcher.flushedAt <= this.lateMs
        ? POSITION_PERIOD_MS + this.lateMs // until the next position is late
        : watcher.flushedAt + this.tickMs * EARLY_SHARE - now; // until the tick allows one
    const due = this.turnAfter(waitMs);
    if (due !== watcher.dueTurn) this.dueAt(watcher, due);
  }

  /**
   * Marks the user pending for the watchers who may see the change: those who were shown the
   * user (they may need a `left`; they are indexed by the cell the user leaves) and those whose
   * circle reaches the user's new cell.
   */
  changed(userId: number, fromCell: string | null, toCell: string | null): void {
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
    if (watcher.scheduled) return;
    watcher.scheduled = true;
    // At most once a tick: right away (next turn) if it has not sent for a tick, else a tick
    // after its last flush.
    let due = Math.max(this.turn + 1, watcher.flushedTurn + TURNS_PER_TICK);
    // A socket sending positions every second takes its diff with the next one's answer, also
    // when that one is a little late. (Time, not turns: a busy loop turns the wheel late.)
    const untilLate = watcher.positionAt + POSITION_PERIOD_MS + this.lateMs - this.now();
    if (untilLate > 0) {
      const expected = this.turn + Math.ceil(untilLate / this.turnMs);
      if (expected >= due) due = Math.min(expected, this.turn + TURNS_PER_TICK + LATE_TURNS);
    }
    this.dueAt(watcher, due);
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
    const { lat, lon, parsed } = this.current(hand);
    // Snapshots only (one per watch), where a spread costs little; diffs use the encoded part.
    return {
      ...sharedFields(hand.card, hand.mood, { lat, lon }),
      distanceM: roundedDistance(distance),
      ring: ringsBetween(watcher.centerCell, parsed),
    };
  }

  /** The entry of a diff: the hand's shared part and the watcher's own two fields. */
  private diffEntry(
    watcher: Watcher,
    userId: number,
    shown: ShownHand,
    distance: number,
  ): EncodedEntry {
    return {
      userId,
      shared: shown.shared,
      distanceM: roundedDistance(distance),
      ring: ringsBetween(watcher.centerCell, shown.parsed),
    };
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
      shown.card !== hand.card
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
      shown.shared = sharedPart(hand.card, hand.mood, point);
    }
    return shown as ShownHand;
  }

  /** Changes when what a watcher sees of the hand changes: its cell (and point), mood or card. */
  private signatureOf(hand: Hand): number {
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
      // Flushed early with a position since (see `positionCame`): it waits elsewhere now.
      if (watcher.dueTurn !== this.turn) continue;
      // Its position is waiting for its turn and will take the diff (if it waits no longer than
      // a beat: one whose answer never comes, a bad payload, must not hold the map).
      if (watcher.waitingSince >= 0 && now - watcher.waitingSince < POSITION_PERIOD_MS) {
        this.dueAt(watcher, this.turnAfter(watcher.waitingSince + POSITION_PERIOD_MS - now));
        continue;
      }
      watcher.scheduled = false;
      if (this.watchers.get(watcher.socketId) !== watcher || watcher.pending.length === 0) continue;
      watcher.flushedTurn = this.turn;
      watcher.flushedAt = now;
      watcher.flushedAlone = true;
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
    const single = batch.length === 1;
    const wanted = single ? batch[0]!.ids : wantedBy(batch);
    const found = await this.deps.hands(wanted);
    // A single flush (the usual one, with a position's answer) reads its hands by place.
    const byUser = single ? null : new Map(wanted.map((id, at) => [id, found[at]]));
    const now = this.now();
    for (const { watcher, ids } of batch) {
      // A watcher that went away while the hands were read gets nothing.
      if (this.watchers.get(watcher.socketId) !== watcher) continue;
      const upsert: EncodedEntry[] = [];
      const left: number[] = [];
      /** Hands shown for the first time, or no longer: their sightings are recorded. */
      const sighted: number[] = [];
      for (let at = 0; at < ids.length; at++) {
        const userId = ids[at]!;
        const hand = byUser ? byUser.get(userId) : found[at];
        const distance = hand ? this.distanceIfShown(watcher, hand) : NOT_SHOWN;
        const before = watcher.known.get(userId);
        if (hand && distance !== NOT_SHOWN) {
          const shown = this.current(hand);
          // The ring and distance follow from the signature's cell: unchanged, nothing to send.
          if (shown.signature !== before) {
            if (before === undefined) sighted.push(userId);
            watcher.known.set(userId, shown.signature);
            upsert.push(this.diffEntry(watcher, userId, shown, distance));
          }
        } else if (before !== undefined) {
          watcher.known.delete(userId);
          left.push(userId);
          sighted.push(userId);
        }
      }
      if (upsert.length > 0 || left.length > 0) {
        sortEntries(upsert);
        watcher.send(new EncodedDiff(upsert, left));
      }
      this.recordSighted(watcher, sighted, now);
    }
  }
}
