import { getPentagons } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  cellDisc,
  cellIn,
  HAND_RESOLUTION,
  handCell,
  METRES_PER_DEGREE,
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
