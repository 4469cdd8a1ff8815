import { describe, expect, it } from 'vitest';
import { cosLatOf, distanceM, type LatLon } from './coarse-position.ts';
import { NearList, type Reach } from './near-list.ts';

interface Item extends Reach {
  name: string;
}

function item(name: string, lat: number, lon: number, reachM: number): Item {
  return { name, lat, lon, cosLat: cosLatOf(lat), reachSq: reachM ** 2 };
}

function nearOf(list: NearList<Item>, a: LatLon | null, b: LatLon | null = null): string[] {
  const found: string[] = [];
  list.forEachNear(a, b, (near) => found.push(near.name));
  return found.sort();
}

describe('NearList', () => {
  it('finds exactly the items whose reach holds either point, in a city and across the antimeridian', () => {
    const list = new NearList<Item>();
    const items: Item[] = [];
    // More than its first capacity, so the packed numbers are copied as it grows.
    for (let n = 0; n < 40; n++) {
      const at = item(`city-${n}`, 55.75 + (n % 7) * 0.004, 37.6 + Math.floor(n / 7) * 0.006, 500);
      items.push(at);
      list.add(at);
    }
    const east = item('east', -16.5, 179.999, 1000);
    const west = item('west', -16.5, -179.995, 1000);
    list.add(east);
    list.add(west);

    const point = { lat: 55.762, lon: 37.615 };
    const expected = items
      .filter((at) => distanceM(at, point) <= 500 * 0.999)
      .map((at) => at.name)
      .sort();
    const found = nearOf(list, point);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(expect.arrayContaining(expected));
    // Nothing beyond the reach by more than the flat earth's error in a few kilometres.
    for (const name of found) {
      const at = items.find((candidate) => candidate.name === name)!;
      expect(distanceM(at, point)).toBeLessThanOrEqual(501);
    }

    // 179.9995° W lies 160 m from `east` (179.999° E), across the antimeridian, and 480 m from
    // `west`; 179.99° E lies 960 m from `east` and 1.6 km from `west`.
    expect(nearOf(list, { lat: -16.5, lon: -179.9995 })).toEqual(['east', 'west']);
    expect(nearOf(list, null, { lat: -16.5, lon: 179.99 })).toEqual(['east']);
    expect(nearOf(list, null, null)).toEqual([]);
  });

  it('keeps every other item where it was when one is taken out', () => {
    const list = new NearList<Item>();
    const a = item('a', 10, 10, 100);
    const b = item('b', 20, 20, 100);
    const c = item('c', 30, 30, 100);
    for (const at of [a, b, c]) list.add(at);

    expect(list.remove(a)).toBe(true);
    expect(list.remove(a)).toBe(false);
    expect(list.size).toBe(2);
    expect(nearOf(list, { lat: 10, lon: 10 })).toEqual([]);
    // `c` took `a`'s place, with its own reach.
    expect(nearOf(list, { lat: 30, lon: 30 })).toEqual(['c']);
    expect(nearOf(list, { lat: 20, lon: 20 }, { lat: 30, lon: 30 })).toEqual(['b', 'c']);

    list.remove(c);
    list.remove(b);
    expect(list.size).toBe(0);
    expect(nearOf(list, { lat: 20, lon: 20 })).toEqual([]);
  });
});
