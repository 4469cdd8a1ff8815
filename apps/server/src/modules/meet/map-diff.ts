import type { Mood, PublicCard } from '@meeet/core/api/meet';
import type { MapHand } from '@meeet/core/api/realtime';
import type { LatLon } from './coarse-position.ts';

/**
 * Map diffs encoded as JSON by hand. A hand that changes cell goes out to every watcher near
 * it, and all but two of its fields are the same for each of them: those are encoded once per
 * change (`sharedPart`), and each watcher's entry only appends its distance and ring. At 5,000
 * watchers that saved the Socket.IO encoder's walk and stringify of every entry object.
 */

/** The fields of a hand's entry every watcher shares, in the order the wire shows them. */
export function sharedFields(
  card: PublicCard,
  mood: Mood,
  cell: string,
  point: LatLon,
): Omit<MapHand, 'distanceM' | 'ring'> {
  // Field by field: spreading the card cost ~6 µs an entry, most of a busy tick.
  return {
    userId: card.userId,
    nickname: card.nickname,
    firstName: card.firstName,
    avatar: card.avatar,
    verified: card.verified,
    levels: card.levels,
    mood,
    cell,
    lat: point.lat,
    lon: point.lon,
  };
}

/** The shared fields as JSON without the closing brace (see `entryJson`). */
export function sharedPart(card: PublicCard, mood: Mood, cell: string, point: LatLon): string {
  return JSON.stringify(sharedFields(card, mood, cell, point)).slice(0, -1);
}

/** One watcher's entry: the shared part with its distance and ring (whole numbers). */
export function entryJson(shared: string, distanceM: number, ring: number): string {
  return `${shared},"distanceM":${distanceM},"ring":${ring}}`;
}

/** A diff of encoded entries (already in the watcher's order) and users who left. */
export function diffJson(upsert: readonly string[], left: readonly number[]): string {
  return `{"upsert":[${upsert.join(',')}],"left":[${left.join(',')}]}`;
}
