import { describe, expect, it } from 'vitest';
import {
  areaOf,
  areasAround,
  dayOffset,
  handCell,
  shownPosition,
  distanceM,
} from './coarse-position.ts';
import { InProcessPresenceStore, type Hand } from './presence-store.ts';

function hand(userId: number, lat: number, lon: number): Hand {
  const cell = handCell(lat, lon);
  return {
    userId,
    mood: 'romantic',
    ghost: false,
    raisedAt: 0,
    expiresAt: 1,
    card: { userId, nickname: null, firstName: null, avatar: '', verified: false, levels: [] },
    position: { lat, lon, accuracy: 5, at: 0 },
    cell,
    area: areaOf(cell),
  };
}

describe('InProcessPresenceStore', () => {
  it('finds hands by area only, and moves them between areas', async () => {
    const store = new InProcessPresenceStore();
    const moscow = hand(1, 55.75, 37.62);
    const paris = hand(2, 48.85, 2.35);
    await store.put(moscow);
    await store.put(paris);
    const nearMoscow = areasAround({ lat: 55.75, lon: 37.62 }, 5000);
    expect((await store.inAreas(nearMoscow)).map((h) => h.userId)).toEqual([1]);

    await store.put(hand(2, 55.751, 37.621));
    expect((await store.inAreas(nearMoscow)).map((h) => h.userId).sort()).toEqual([1, 2]);
    expect(await store.inAreas(areasAround({ lat: 48.85, lon: 2.35 }, 5000))).toEqual([]);

    expect((await store.remove(1))?.userId).toBe(1);
    expect((await store.inAreas(nearMoscow)).map((h) => h.userId)).toEqual([2]);
    expect(await store.get(1)).toBeUndefined();
  });
});

describe('coarse positions', () => {
  it.each([
    [{ lat: 55.75, lon: 37.62 }, 50_000],
    [{ lat: 0.5, lon: 30.1 }, 50_000],
    [{ lat: 69.65, lon: 18.95 }, 20_000],
    [{ lat: -33.87, lon: 151.21 }, 1_000],
  ])(
    'covers the whole watched circle around %j (radius %i m) with index areas',
    (center, radius) => {
      const areas = new Set(areasAround(center, radius));
      for (let bearing = 0; bearing < 360; bearing += 5) {
        const rad = (bearing * Math.PI) / 180;
        const edge = {
          lat: center.lat + (radius * Math.cos(rad)) / 111_320,
          lon:
            center.lon +
            (radius * Math.sin(rad)) / (111_320 * Math.cos((center.lat * Math.PI) / 180)),
        };
        expect(areas.has(areaOf(handCell(edge.lat, edge.lon)))).toBe(true);
      }
    },
  );

  it('moves a user by the same offset all day and by another the next day', () => {
    const cell = handCell(55.75, 37.62);
    const today = shownPosition(cell, dayOffset(7, 20_000, 'secret'));
    expect(shownPosition(cell, dayOffset(7, 20_000, 'secret'))).toEqual(today);
    const tomorrow = shownPosition(cell, dayOffset(7, 20_001, 'secret'));
    expect(distanceM(today, tomorrow)).toBeGreaterThan(0);
    expect(distanceM(today, tomorrow)).toBeLessThanOrEqual(80);
  });
});
