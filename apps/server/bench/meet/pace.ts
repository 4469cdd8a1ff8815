/**
 * What a simulated phone does, and how often: the app's pace (the default) or the 1 Hz stress
 * profile. The app's own constants come from `@meeet/core/rules/app-pace`, which apps/mobile
 * uses; the rest (how people walk, chat, come and go) is the model of a session.
 */
import {
  APP_POSITION_DISTANCE_M,
  APP_POSITION_INTERVAL_MS,
  APP_WATCH_RADIUS_M,
} from '@meeet/core/rules/app-pace';

export interface Pace {
  name: 'app' | 'stress';
  /** A still phone sends its position this often (ms)… */
  positionIntervalMs: number;
  /** …and a moving one once it has moved this far (m; 0: every interval). */
  positionDistanceM: number;
  watchRadiusM: number;
  /** The share of phones walking; the rest stand (in a café, at a bar). */
  walkingShare: number;
  /** Walking speed (m/s). */
  walkSpeedMps: number;
  /** A hand stays up this long on average (s), then is lowered and raised again after a break. */
  handSessionMeanS: number;
  handBreakMeanS: number;
  /** A phone's app goes to the background and comes back (its socket reconnects) this often (s). */
  reconnectMeanS: number;
  /** The share of phones in a conversation, and how often each of them writes (ms). */
  chatShare: number;
  chatEveryMs: number;
}

export const APP_PACE: Pace = {
  name: 'app',
  positionIntervalMs: APP_POSITION_INTERVAL_MS,
  positionDistanceM: APP_POSITION_DISTANCE_M,
  watchRadiusM: APP_WATCH_RADIUS_M,
  walkingShare: 0.25,
  walkSpeedMps: 1.4,
  handSessionMeanS: 600,
  handBreakMeanS: 60,
  reconnectMeanS: 900,
  chatShare: 0.25,
  chatEveryMs: 30_000,
};

/**
 * The old headline load, kept as a stress figure: every phone walks fast (5 m/s), sends a
 * position every second and keeps its hand and socket; a quarter chat every 10 s.
 */
export const STRESS_PACE: Pace = {
  name: 'stress',
  positionIntervalMs: 1000,
  positionDistanceM: 0,
  watchRadiusM: 1000,
  walkingShare: 1,
  walkSpeedMps: 5,
  handSessionMeanS: Infinity,
  handBreakMeanS: 0,
  reconnectMeanS: Infinity,
  chatShare: 0.25,
  chatEveryMs: 10_000,
};

/**
 * Where the phones are: cities of at most `PHONES_PER_CITY` within `CITY_RADIUS_M`, 100 km apart.
 * 5,000 raised hands in a city of 200 km² is 25 per km², a hand up for one resident in 200 of a
 * dense city at once: a generous crowd for a map of people who want to meet now.
 */
export const PHONES_PER_CITY = 5000;
export const CITY_RADIUS_M = 8000;
const FIRST_CITY = { lat: 55.75, lon: 37.62 };
const CITY_SPACING_M = 100_000;

/** A phone's place: its city and metres east and north of the city's centre. */
export interface Place {
  city: number;
  east: number;
  north: number;
}

export function latLonOf(place: Place): { lat: number; lon: number } {
  const east = place.east + place.city * CITY_SPACING_M;
  return {
    lat: FIRST_CITY.lat + place.north / 111_320,
    lon: FIRST_CITY.lon + east / (111_320 * Math.cos((FIRST_CITY.lat * Math.PI) / 180)),
  };
}

/** A time drawn from an exponential distribution with this mean (the gaps of a Poisson process). */
export function exponential(meanMs: number): number {
  return Number.isFinite(meanMs) ? -Math.log(1 - Math.random()) * meanMs : Infinity;
}
