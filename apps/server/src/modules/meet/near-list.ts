import { flatDistanceSq, METRES_PER_DEGREE, type LatLon } from './coarse-position.ts';

/**
 * What `NearList` keeps of an item: a point, the cosine of its latitude, and the square of the
 * distance (metres) within which a point may concern it.
 */
export interface Reach {
  lat: number;
  lon: number;
  cosLat: number;
  reachSq: number;
}

const FIELDS = 4;
const FIRST_CAPACITY = 8;

/**
 * Whether `point` lies within the reach written at `offset` (centre, metres per degree east,
 * squared reach): a flat-earth distance, no trigonometry per item, for the quick test of a busy
 * city's hundreds of watchers per change.
 */
function within(reach: Float64Array, offset: number, point: LatLon | null): boolean {
  if (point === null) return false;
  const distanceSq = flatDistanceSq(
    reach[offset]!,
    reach[offset + 1]!,
    reach[offset + 2]!,
    point.lat,
    point.lon,
  );
  return distanceSq <= reach[offset + 3]!;
}

/**
 * The items of one index cell (the map's watchers) with each one's reach packed side by side in
 * one array of numbers. A change in a busy city is tested against hundreds of watchers, and
 * reading four numbers out of each watcher's own object was a cache miss apiece, most of the
 * test's time (`perf annotate` of `bench:meet` at 5,000 clients). The test here reads
 * contiguous memory and touches only the items it finds near. An item's reach must not change
 * while it is listed.
 */
export class NearList<T extends Reach> {
  private readonly items: T[] = [];
  private reach = new Float64Array(FIRST_CAPACITY * FIELDS);

  get size(): number {
    return this.items.length;
  }

  add(item: T): void {
    const at = this.items.length;
    if ((at + 1) * FIELDS > this.reach.length) {
      const grown = new Float64Array(this.reach.length * 2);
      grown.set(this.reach);
      this.reach = grown;
    }
    this.write(at, item);
    this.items.push(item);
  }

  /** Takes the item out (the last one takes its place: order does not matter here). */
  remove(item: T): boolean {
    const at = this.items.indexOf(item);
    if (at < 0) return false;
    const last = this.items.pop()!;
    if (last !== item) {
      this.items[at] = last;
      this.write(at, last);
    }
    return true;
  }

  /** Calls `near` with each item whose reach holds `a` or `b` (null: no point). */
  forEachNear(a: LatLon | null, b: LatLon | null, near: (item: T) => void): void {
    const { items, reach } = this;
    for (let at = 0, offset = 0; at < items.length; at++, offset += FIELDS) {
      if (within(reach, offset, a) || within(reach, offset, b)) near(items[at]!);
    }
  }

  private write(at: number, item: Reach): void {
    const offset = at * FIELDS;
    this.reach[offset] = item.lat;
    this.reach[offset + 1] = item.lon;
    this.reach[offset + 2] = METRES_PER_DEGREE * item.cosLat;
    this.reach[offset + 3] = item.reachSq;
  }
}
