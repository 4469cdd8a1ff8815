import type { Mood, PublicCard } from '@meeet/core/api/meet';

/**
 * A raised hand. The exact position stays in the store and never leaves the server. Never
 * changed in place: every change is a new hand (`patched`), so whoever holds one holds what it
 * was (the map's per-user facts are checked against the hand they were worked out from).
 */
export interface Hand {
  userId: number;
  mood: Mood;
  ghost: boolean;
  raisedAt: number;
  /** Epoch ms when the hand drops at the latest (the configured maximum). */
  expiresAt: number;
  card: PublicCard;
  position: { lat: number; lon: number; accuracy: number; at: number } | null;
  /** H3 resolution-10 cell of the position; null until the first position. */
  cell: string | null;
  /** The cell's index parent (see coarse-position.ts). */
  area: string | null;
}

/** The fields of a hand that change while it is up. */
export type HandPatch = Partial<Pick<Hand, 'mood' | 'ghost' | 'position' | 'cell' | 'area'>>;

/**
 * What every server process's map hears of: a hand that changed where others may see it
 * (raised, moved to another cell, mood, ghost, dropped), or a block between two users.
 */
export type PresenceEvent =
  | { type: 'hand'; userId: number; fromCell: string | null; toCell: string | null }
  | { type: 'block'; a: number; b: number };

/**
 * Where raised hands live: in process by default, Redis when REDIS_URL is set, so the store is
 * chosen by configuration. Methods are asynchronous for the shared store's sake. Events
 * published here reach the subscribers of every process sharing the store, this one included.
 */
export interface PresenceStore {
  /** Creates or replaces a hand. */
  put(hand: Hand): Promise<void>;
  get(userId: number): Promise<Hand | undefined>;
  /** The hands of these users in the order asked, undefined where none is up. */
  getMany(userIds: readonly number[]): Promise<(Hand | undefined)[]>;
  /**
   * Changes fields of a hand that is up, in one step (a position never undoes a ghost switch
   * that came in between); answers the hand as it was before, or undefined if none is up.
   */
  update(userId: number, patch: HandPatch): Promise<Hand | undefined>;
  remove(userId: number): Promise<Hand | undefined>;
  /** Hands with a position in any of the index areas; no scan of all hands. */
  inAreas(areas: readonly string[]): Promise<Hand[]>;
  /** How many hands are up now, on every process (the monitor's figure). */
  count(): Promise<number>;
  /** Who has a hand up now, on every process (the sweep of hands left by a dead process). */
  raisedUserIds(): Promise<number[]>;
  /** Records that `viewer` was shown `seen` on the map at `at`; kept for `ttlMs`. */
  sighted(viewer: number, seen: readonly number[], at: number, ttlMs: number): Promise<void>;
  /** When `viewer` was last shown `seen`, if ever (within the kept time). */
  lastSighting(viewer: number, seen: number): Promise<number | undefined>;
  publish(event: PresenceEvent): void;
  subscribe(listener: (event: PresenceEvent) => void): void;
  close(): Promise<void>;
}
