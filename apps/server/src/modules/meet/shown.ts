import type { Mood, PublicCard } from '@meeet/core/api/meet';
import type { CosLatLon, ParsedCell } from './coarse-position.ts';
import type { SharedFields } from './map-diff.ts';
import type { Hand } from './presence-store.ts';

/**
 * What every watcher is shown of a user: their (displaced, see coarse-position.ts) cell, its
 * centre as the shown point, and the entry, worked out once for all. Every field is set in the constructor, so all live in the
 * object itself: `visible` reads them for each watcher a change reaches, and the fields a plain
 * object gained later lived in a properties array of their own, one more cache miss per read
 * (`perf annotate` of `visible` in `bench:meet` at 5,000 clients, docs/benchmarks.md).
 */
export class Shown implements CosLatLon {
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
  /** The entry's fields every watcher shares, worked out once (see map-diff.ts). */
  shared: SharedFields | null = null;
}

/**
 * Whether two cards show the same: a store that reads hands from Redis makes a new card object
 * with every read, and telling them apart by identity sent every watcher the hand anew.
 */
export function sameCard(a: PublicCard | null, b: PublicCard): boolean {
  if (a === b) return true;
  if (!a || a.userId !== b.userId || a.nickname !== b.nickname) return false;
  if (a.firstName !== b.firstName || a.avatar !== b.avatar || a.verified !== b.verified) {
    return false;
  }
  return a.levels.length === b.levels.length && a.levels.every((level, n) => level === b.levels[n]);
}

/** A user's shown facts once worked out for a hand (their cell parsed). */
export type ShownHand = Shown & { parsed: ParsedCell; shared: SharedFields };
