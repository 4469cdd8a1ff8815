import type { Mood, PublicCard } from '@meeet/core/api/meet';

/** A raised hand. The exact position stays in the store and never leaves the server. */
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

/**
 * Where raised hands live: in process by default, Redis when REDIS_URL is set, so the store is
 * chosen by configuration. Methods are asynchronous for the shared store's sake.
 */
export interface PresenceStore {
  put(hand: Hand): Promise<void>;
  get(userId: number): Promise<Hand | undefined>;
  remove(userId: number): Promise<Hand | undefined>;
  /** Hands with a position in any of the index areas; no scan of all hands. */
  inAreas(areas: readonly string[]): Promise<Hand[]>;
}

export class InProcessPresenceStore implements PresenceStore {
  private readonly hands = new Map<number, Hand>();
  private readonly byArea = new Map<string, Set<number>>();

  put(hand: Hand): Promise<void> {
    const previous = this.hands.get(hand.userId);
    if (previous?.area && previous.area !== hand.area) this.unindex(previous.area, hand.userId);
    this.hands.set(hand.userId, hand);
    if (hand.area) {
      let set = this.byArea.get(hand.area);
      if (!set) this.byArea.set(hand.area, (set = new Set()));
      set.add(hand.userId);
    }
    return Promise.resolve();
  }

  get(userId: number): Promise<Hand | undefined> {
    return Promise.resolve(this.hands.get(userId));
  }

  remove(userId: number): Promise<Hand | undefined> {
    const hand = this.hands.get(userId);
    if (hand) {
      this.hands.delete(userId);
      if (hand.area) this.unindex(hand.area, userId);
    }
    return Promise.resolve(hand);
  }

  inAreas(areas: readonly string[]): Promise<Hand[]> {
    const found: Hand[] = [];
    for (const area of areas) {
      for (const userId of this.byArea.get(area) ?? []) {
        const hand = this.hands.get(userId);
        if (hand) found.push(hand);
      }
    }
    return Promise.resolve(found);
  }

  private unindex(area: string, userId: number): void {
    const set = this.byArea.get(area);
    set?.delete(userId);
    if (set?.size === 0) this.byArea.delete(area);
  }
}
