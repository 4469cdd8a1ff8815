import type { Hand, HandPatch, PresenceEvent, PresenceStore } from './presence-store.ts';

/** A viewer's sightings are pruned of expired ones from this many on (see `sighted`). */
const MIN_PRUNED_SIGHTINGS = 256;

/** The hand with the patch applied, built field by field (an object spread is far slower). */
function patched(hand: Hand, patch: HandPatch): Hand {
  return {
    userId: hand.userId,
    mood: patch.mood ?? hand.mood,
    ghost: patch.ghost ?? hand.ghost,
    raisedAt: hand.raisedAt,
    expiresAt: hand.expiresAt,
    card: hand.card,
    position: patch.position !== undefined ? patch.position : hand.position,
    cell: patch.cell !== undefined ? patch.cell : hand.cell,
    area: patch.area !== undefined ? patch.area : hand.area,
  };
}

/** The presence store of a single process: hands, their area index and sightings in memory. */
export class InProcessPresenceStore implements PresenceStore {
  private readonly hands = new Map<number, Hand>();
  private readonly byArea = new Map<string, Set<number>>();
  /**
   * viewer → (seen user → when last shown, in whole seconds), and the size that calls for the
   * next pruning.
   */
  private readonly sightings = new Map<number, { seen: Map<number, number>; pruneAt: number }>();
  private readonly listeners: ((event: PresenceEvent) => void)[] = [];

  put(hand: Hand): Promise<void> {
    this.store(this.hands.get(hand.userId), hand);
    return Promise.resolve();
  }

  private store(previous: Hand | undefined, hand: Hand): void {
    this.hands.set(hand.userId, hand);
    // Most positions stay in their area, where the hand is indexed already.
    if (previous?.area === hand.area) return;
    if (previous?.area) this.unindex(previous.area, hand.userId);
    if (hand.area) {
      let set = this.byArea.get(hand.area);
      if (!set) this.byArea.set(hand.area, (set = new Set()));
      set.add(hand.userId);
    }
  }

  get(userId: number): Promise<Hand | undefined> {
    return Promise.resolve(this.hands.get(userId));
  }

  getMany(userIds: readonly number[]): Promise<(Hand | undefined)[]> {
    const found: (Hand | undefined)[] = [];
    for (const id of userIds) found.push(this.hands.get(id));
    return Promise.resolve(found);
  }

  count(): Promise<number> {
    return Promise.resolve(this.hands.size);
  }

  raisedUserIds(): Promise<number[]> {
    return Promise.resolve([...this.hands.keys()]);
  }

  update(userId: number, patch: HandPatch): Promise<Hand | undefined> {
    const previous = this.hands.get(userId);
    if (previous) this.store(previous, patched(previous, patch));
    return Promise.resolve(previous);
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

  sighted(viewer: number, seen: readonly number[], at: number, ttlMs: number): Promise<void> {
    let sightings = this.sightings.get(viewer);
    if (!sightings) {
      sightings = { seen: new Map(), pruneAt: MIN_PRUNED_SIGHTINGS };
      this.sightings.set(viewer, sightings);
    }
    const map = sightings.seen;
    // Forget what is older than the kept time while passing by, so the map stays bounded. Only
    // once it has doubled since: someone who saw hundreds today would otherwise have them all
    // scanned with every diff.
    if (map.size > sightings.pruneAt) {
      for (const [id, when] of map) if (at - when * 1000 >= ttlMs) map.delete(id);
      sightings.pruneAt = Math.max(MIN_PRUNED_SIGHTINGS, map.size * 2);
    }
    // In whole seconds: a small integer is stored in the map itself, where a time in
    // milliseconds would be a boxed number of its own (12 bytes more per sighting).
    const second = Math.floor(at / 1000);
    for (const id of seen) map.set(id, second);
    return Promise.resolve();
  }

  lastSighting(viewer: number, seen: number): Promise<number | undefined> {
    const second = this.sightings.get(viewer)?.seen.get(seen);
    return Promise.resolve(second === undefined ? undefined : second * 1000);
  }

  publish(event: PresenceEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: PresenceEvent) => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private unindex(area: string, userId: number): void {
    const set = this.byArea.get(area);
    set?.delete(userId);
    if (set?.size === 0) this.byArea.delete(area);
  }
}
