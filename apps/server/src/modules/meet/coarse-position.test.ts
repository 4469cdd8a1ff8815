import { getPentagons } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  cellCentre,
  cellDisc,
  cellIn,
  dayDisplacement,
  displaced,
  distanceM,
  HAND_RESOLUTION,
  handCell,
  MAX_DISPLACEMENT_M,
  METRES_PER_DEGREE,
  MIN_DISPLACEMENT_M,
} from './coarse-position.ts';

/** A seeded generator, so a failure names the same points on every run. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A point `metres` from (lat, lon) at `angle`, on the flat neighbourhood of a cell. */
function moved(lat: number, lon: number, metres: number, angle: number): [number, number] {
  const north = metres * Math.cos(angle);
  const east = metres * Math.sin(angle);
  const movedLon = lon + east / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lat + north / METRES_PER_DEGREE, ((movedLon + 540) % 360) - 180];
}

describe('the cell of a position', () => {
  it('is always the cell H3 gives, inside the disc, across it and around the world', () => {
    const random = randomFrom(7);
    const places: [number, number][] = [
      [55.75, 37.62],
      [-33.87, 151.21],
      [0, 0],
      [0.0001, 179.9999],
      [-0.0001, -179.9999],
      [79.9, 10],
      [85, -40],
      [-89.99, 0],
    ];
    for (let n = 0; n < 200; n++) places.push([random() * 170 - 85, random() * 360 - 180]);
    let byDisc = 0;
    for (const [lat, lon] of places) {
      const disc = cellDisc(handCell(lat, lon));
      for (let k = 0; k < 60; k++) {
        // Anywhere from the centre to past the cell's corners (~76 m): across the disc's edge too.
        const [pLat, pLon] = moved(disc.lat, disc.lon, random() * 90, random() * 2 * Math.PI);
        expect(cellIn(disc, pLat, pLon)).toBe(handCell(pLat, pLon));
        if (disc.radiusSq > 0 && handCell(pLat, pLon) === disc.cell) byDisc++;
      }
    }
    // The shortcut is taken for most points of ordinary cells, so the test above exercised it.
    expect(byDisc).toBeGreaterThan(places.length * 20);
  });

  it('keeps a disc most of a resolution-10 cell wide, and none for pentagons or near the poles', () => {
    const moscow = cellDisc(handCell(55.75, 37.62));
    expect(Math.sqrt(moscow.radiusSq)).toBeGreaterThan(45);
    expect(Math.sqrt(moscow.radiusSq)).toBeLessThan(66);
    for (const pentagon of getPentagons(HAND_RESOLUTION)) {
      expect(cellDisc(pentagon).radiusSq).toBe(0);
    }
    expect(cellDisc(handCell(89.5, 12)).radiusSq).toBe(0);
  });

  it('asks H3 when no disc is known yet', () => {
    expect(cellIn(undefined, 55.75, 37.62)).toBe(handCell(55.75, 37.62));
  });
});

describe('the displacement of the day', () => {
  it('is the same all day, another the next day, and 220–320 m long', () => {
    const today = dayDisplacement(7, 20_000, 'secret');
    expect(dayDisplacement(7, 20_000, 'secret')).toEqual(today);
    expect(dayDisplacement(7, 20_001, 'secret')).not.toEqual(today);
    expect(dayDisplacement(8, 20_000, 'secret')).not.toEqual(today);
    for (let user = 1; user <= 500; user++) {
      const { east, north } = dayDisplacement(user, 20_000, 'secret');
      expect(Math.hypot(east, north)).toBeGreaterThanOrEqual(MIN_DISPLACEMENT_M - 1e-6);
      expect(Math.hypot(east, north)).toBeLessThanOrEqual(MAX_DISPLACEMENT_M + 1e-6);
    }
  });

  it('always shows a point more than 130 m from the truth, around the world', () => {
    const random = randomFrom(11);
    let nearest = Infinity;
    for (let n = 0; n < 5000; n++) {
      const truth = { lat: random() * 170 - 85, lon: random() * 360 - 180 };
      const by = dayDisplacement(n, 20_000, 'secret');
      const moved = displaced(truth.lat, truth.lon, by);
      expect(distanceM(truth, moved)).toBeCloseTo(Math.hypot(by.east, by.north), -1);
      const shown = cellCentre(handCell(moved.lat, moved.lon));
      nearest = Math.min(nearest, distanceM(truth, shown));
    }
    expect(nearest).toBeGreaterThan(130);
  });

  it('wraps across the antimeridian', () => {
    const moved = displaced(0, 179.999, { east: 1000, north: 0 });
    expect(moved.lon).toBeLessThan(-179.99);
    expect(distanceM({ lat: 0, lon: 179.999 }, moved)).toBeCloseTo(1000, -1);
  });
});
