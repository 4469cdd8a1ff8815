import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_SPEED_MPS,
  groundDistanceM,
  impliedSpeedMps,
  isPlausibleMove,
} from './plausible-move.ts';

const MOSCOW = { lat: 55.7558, lon: 37.6173, accuracy: 10, at: 1_800_000_000_000 };
/** About `metres` north of Moscow's centre. */
const north = (metres: number) => MOSCOW.lat + metres / 111_195;

describe('plausible moves', () => {
  it('measures ground distance on the sphere', () => {
    expect(groundDistanceM(MOSCOW, { lat: north(1000), lon: MOSCOW.lon })).toBeCloseTo(1000, 0);
  });

  it('accepts a walk and a car, refuses a 500 km jump in a second', () => {
    const walk = { ...MOSCOW, lat: north(15), at: MOSCOW.at + 10_000 };
    const car = { ...MOSCOW, lat: north(400), at: MOSCOW.at + 15_000 };
    const jump = { ...MOSCOW, lat: north(500_000), at: MOSCOW.at + 1000 };
    expect(isPlausibleMove(MOSCOW, walk, DEFAULT_MAX_SPEED_MPS)).toBe(true);
    expect(isPlausibleMove(MOSCOW, car, DEFAULT_MAX_SPEED_MPS)).toBe(true);
    expect(isPlausibleMove(MOSCOW, jump, DEFAULT_MAX_SPEED_MPS)).toBe(false);
    expect(impliedSpeedMps(MOSCOW, jump)).toBeGreaterThan(400_000);
  });

  it('forgives what the accuracy explains, and counts fixes under a second apart as a second', () => {
    const wander = { ...MOSCOW, lat: north(85), accuracy: 80, at: MOSCOW.at + 200 };
    expect(impliedSpeedMps(MOSCOW, wander)).toBe(0);
    const hop = { ...MOSCOW, lat: north(100), accuracy: 10, at: MOSCOW.at };
    expect(impliedSpeedMps(MOSCOW, hop)).toBeCloseTo(80, 0);
  });
});
