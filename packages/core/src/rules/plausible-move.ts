/**
 * Whether a phone could have gone from one fix to the next (issue 39 item 6): the one speed
 * rule of the map's positions and the meetings' pings. A move counts only beyond what the two
 * fixes' accuracies explain, so a fix that wanders within its own accuracy is never a jump.
 */

/** The speed no person carrying a phone keeps between two fixes (m/s, ~180 km/h). */
export const DEFAULT_MAX_SPEED_MPS = 50;

/** A fix: where (degrees), how sure (metres, 68% radius) and when (epoch ms). */
export interface TimedFix {
  lat: number;
  lon: number;
  accuracy: number;
  at: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance (haversine) in metres. */
export function groundDistanceM(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The speed two fixes imply beyond what their accuracy explains (m/s); fixes less than a
 * second apart count as a second apart.
 */
export function impliedSpeedMps(a: TimedFix, b: TimedFix): number {
  const seconds = Math.max(1, Math.abs(b.at - a.at) / 1000);
  return Math.max(0, groundDistanceM(a, b) - a.accuracy - b.accuracy) / seconds;
}

/** Whether `to` is a move a phone could make from `from` at `maxSpeedMps` at most. */
export function isPlausibleMove(from: TimedFix, to: TimedFix, maxSpeedMps: number): boolean {
  return impliedSpeedMps(from, to) <= maxSpeedMps;
}
