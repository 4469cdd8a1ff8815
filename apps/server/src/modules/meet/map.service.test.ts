import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapDiffSchema, type MapDiff } from '@meeet/core/api/realtime';
import { testConfig } from '../../../test/helpers.ts';
import type { UserFacts } from '../users/users.service.ts';
import { MapService } from './map.service.ts';
import { InProcessPresenceStore } from './presence-store-memory.ts';
import type { PresenceStore } from './presence-store.ts';

const config = testConfig({ MEET_HAND_OFFLINE_SECONDS: '60', MEET_HAND_MAX_SECONDS: '3600' }).meet;
const CITY = { lat: 55.75, lon: 37.62 };

/**
 * Two processes' map services on one shared store, each with its own clock reading `clock.now`.
 * Hands here change cell every second, faster than anyone travels, unless a test asks for the
 * speed rule's real bound.
 */
function processOn(
  store: PresenceStore,
  clock: { now: number },
  online: Set<number>,
  tickMs = 100,
  maxSpeedMps = 1_000_000,
) {
  const dropped: { userId: number; reason: string }[] = [];
  const map = new MapService({
    store,
    config,
    secret: 'test-secret',
    maxSpeedMps,
    // Nobody blocks anybody here; blocks have their own tests with the real safety service.
    blocks: {
      isBlocked: () => false,
      prepare: () => Promise.resolve(),
      reload: () => Promise.resolve(),
    },
    isBanned: () => Promise.resolve(false),
    isOnline: (userId) => Promise.resolve(online.has(userId)),
    card: (user) =>
      Promise.resolve({
        userId: user.id,
        nickname: null,
        firstName: 'Test',
        avatar: '',
        verified: false,
        levels: [],
      }),
    dropped: (userId, reason) => dropped.push({ userId, reason }),
    now: () => clock.now,
    tickMs,
  });
  return { map, dropped };
}

function user(id: number): UserFacts {
  return {
    id,
    emailVerified: true,
    firstName: 'Test',
    lastName: 'User',
    domain: `user${id}`,
    gender: 1,
    bdate: new Date('1990-01-01T00:00:00Z'),
    nickname: null,
  } as unknown as UserFacts;
}

describe('hands left behind by a process that died', () => {
  it('are dropped by another process once the user is offline there too, and watchers see them leave', async () => {
    const store = new InProcessPresenceStore();
    const clock = { now: Date.now() };
    const online = new Set<number>();
    const dead = processOn(store, clock, online);
    const alive = processOn(store, clock, online);
    try {
      // User 1's socket is on the process that will die; user 2 watches from the live one.
      dead.map.connected(1);
      await dead.map.raise(user(1), 'just_chat');
      await dead.map.position(1, { ...CITY, accuracy: 10, at: clock.now });
      online.add(1);
      const diffs: MapDiff[] = [];
      const snapshot = await alive.map.watch('watcher', 2, { ...CITY, radiusM: 1000 }, (diff) =>
        diffs.push(mapDiffSchema.parse(diff)),
      );
      expect(snapshot.hands.map((hand) => hand.userId)).toEqual([1]);

      // The process dies: no offline timer, no maximum timer, and its socket is gone.
      dead.map.close();
      online.delete(1);
      expect(await alive.map.sweep()).toBe(0);
      expect(await store.get(1)).toBeDefined();

      clock.now += config.handOfflineMs + 1000;
      expect(await alive.map.sweep()).toBe(1);
      expect(await store.get(1)).toBeUndefined();
      expect(alive.dropped).toEqual([{ userId: 1, reason: 'offline' }]);
      await expect.poll(() => diffs.flatMap((diff) => diff.left)).toEqual([1]);
    } finally {
      dead.map.close();
      alive.map.close();
    }
  });

  it('keeps a hand whose user is online on another process, and drops it past its maximum', async () => {
    const store = new InProcessPresenceStore();
    const clock = { now: Date.now() };
    const online = new Set<number>([1]);
    const dead = processOn(store, clock, online);
    const alive = processOn(store, clock, online);
    try {
      dead.map.connected(1);
      await dead.map.raise(user(1), 'business');
      dead.map.close();

      clock.now += config.handOfflineMs * 2;
      expect(await alive.map.sweep()).toBe(0);
      expect(await store.get(1)).toBeDefined();

      clock.now += config.handMaxMs;
      expect(await alive.map.sweep()).toBe(1);
      expect(alive.dropped).toEqual([{ userId: 1, reason: 'expired' }]);
    } finally {
      alive.map.close();
    }
  });
});

describe('positions at most once a second', () => {
  it('forgive a beat that came late and the next on time, and hold the average to one a second', async () => {
    const clock = { now: Date.now() };
    const { map } = processOn(new InProcessPresenceStore(), clock, new Set([1]));
    try {
      map.connected(1);
      await map.raise(user(1), 'business');
      const send = () => map.position(1, { ...CITY, accuracy: 10, at: clock.now });
      await send();
      // The next beat reached the server 1.4 s later, the one after it on time (0.6 s after).
      clock.now += 1400;
      await send();
      clock.now += 600;
      await send();
      // Never closer than half a second, and no more than one a second for long.
      clock.now += 400;
      await expect(send()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      let taken = 0;
      for (let beat = 0; beat < 40; beat++) {
        clock.now += 500;
        await send().then(
          () => (taken += 1),
          () => undefined,
        );
      }
      expect(taken).toBeLessThanOrEqual(21);
    } finally {
      map.close();
    }
  });
});

describe('a watcher of hands that move all the time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gets a diff at most once a tick, and each change in the next one', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
    const clock = {
      get now() {
        return Date.now();
      },
    };
    const { map } = processOn(new InProcessPresenceStore(), clock, new Set([1, 2]), 1000);
    const at = (north: number) => ({ lat: CITY.lat + north, lon: CITY.lon, accuracy: 10 });
    const diffs: { at: number; hands: number[] }[] = [];
    try {
      for (const id of [1, 2]) {
        map.connected(id);
        await map.raise(user(id), 'business');
      }
      await map.position(2, { ...at(0), at: clock.now });
      await map.watch('socket-of-2', 2, { ...CITY, radiusM: 2000 }, (diff) =>
        diffs.push({ at: clock.now, hands: diff.upsert.map((hand) => hand.userId) }),
      );
      // User 1 changes cell every 1.1 s for ten seconds.
      const start = clock.now;
      for (let move = 0; move < 9; move++) {
        await map.position(1, { ...at(move % 2 ? 0.003 : -0.003), at: clock.now });
        await vi.advanceTimersByTimeAsync(1100);
      }
      await vi.advanceTimersByTimeAsync(1100);

      const gaps = diffs.slice(1).map((diff, n) => diff.at - diffs[n]!.at);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
      // Every move reached the watcher within a tick and a slot of it.
      expect(diffs.map((diff) => diff.hands)).toEqual(Array.from({ length: 9 }, () => [1]));
      for (const [n, diff] of diffs.entries()) {
        expect(diff.at - (start + n * 1100)).toBeLessThanOrEqual(1050);
      }
    } finally {
      map.close();
    }
  });
});

describe('whom a watcher saw', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from when a hand was last shown: through a day in sight, after it left, after the watch ended', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
    const clock = {
      get now() {
        return Date.now();
      },
    };
    /** The clock moves to `at`, and the map's diffs due by then leave. */
    const timeIs = async (at: number) => {
      vi.setSystemTime(at);
      await vi.advanceTimersByTimeAsync(100);
    };
    const { map } = processOn(new InProcessPresenceStore(), clock, new Set([1, 2, 3]), 1000);
    const at = (north: number) => ({ lat: CITY.lat + north, lon: CITY.lon, accuracy: 10 });
    const start = clock.now;
    const hour = 3_600_000;
    const minute = 60_000;
    try {
      for (const id of [1, 2, 3]) {
        map.connected(id);
        await map.raise(user(id), 'business');
        await map.position(id, { ...at(0), at: clock.now });
      }
      let diffs = 0;
      await map.watch('socket-of-2', 2, { ...CITY, radiusM: 1000 }, () => diffs++);

      // User 1 walks to and fro in sight of user 2 for 12 hours, then stands still for 13 more,
      // with nothing on user 2's map changing: seen all along, with the sweep's refresh.
      for (let h = 1; h <= 25; h++) {
        await timeIs(start + h * hour);
        if (h <= 12) await map.position(1, { ...at(h % 2 ? 0.003 : 0), at: clock.now });
        await map.position(2, { ...at(0), at: clock.now });
        await vi.advanceTimersByTimeAsync(100);
        map.refreshSightings();
      }
      expect(diffs).toBe(12);
      expect(await map.sawRecently(2, 1)).toBe(true);

      // User 1 walks out of user 2's circle: seen until then, and for a day after.
      const left = start + 25 * hour + 30 * minute;
      await timeIs(left);
      await map.position(1, { ...at(0.05), at: clock.now });
      await map.position(2, { ...at(0), at: clock.now });
      await vi.advanceTimersByTimeAsync(100);
      expect(diffs).toBe(13);

      // User 3 watches user 1's new place for four hours, then stops.
      await timeIs(start + 26 * hour);
      const snapshot = await map.watch('socket-of-3', 3, { ...at(0.05), radiusM: 1000 }, () => {});
      expect(snapshot.hands.map((hand) => hand.userId)).toEqual([1]);
      const ended = start + 30 * hour;
      await timeIs(ended);
      map.unwatch('socket-of-3');

      await timeIs(left + 24 * hour - minute);
      expect(await map.sawRecently(2, 1)).toBe(true);
      await timeIs(left + 24 * hour + minute);
      expect(await map.sawRecently(2, 1)).toBe(false);
      await timeIs(ended + 24 * hour - minute);
      expect(await map.sawRecently(3, 1)).toBe(true);
      await timeIs(ended + 24 * hour + minute);
      expect(await map.sawRecently(3, 1)).toBe(false);
    } finally {
      map.close();
    }
  });
});

describe('a diff with many hands', () => {
  it('lists them by ring of cells around the watcher, then by user, however they came', async () => {
    const store = new InProcessPresenceStore();
    // One day, so one displacement per user: the moves below change cell on every day of runs.
    const clock = { now: Date.UTC(2026, 10, 28, 12) };
    const { map } = processOn(store, clock, new Set());
    try {
      const diffs: MapDiff[] = [];
      await map.watch('watcher', 1000, { ...CITY, radiusM: 5000 }, (diff) =>
        diffs.push(mapDiffSchema.parse(diff)),
      );
      // The farthest first, 170 m apart (a ring or two each), and two pairs that share a cell,
      // the higher user id first: the order they come in is never the order to show.
      const places: { userId: number; north: number }[] = [];
      for (let n = 0; n < 20; n++) places.push({ userId: 10 + n, north: (20 - n) * 0.0015 });
      places.push({ userId: 41, north: 0.003 }, { userId: 40, north: 0.003 });
      places.push({ userId: 43, north: 0.012 }, { userId: 42, north: 0.012 });
      for (const { userId, north } of places) {
        map.connected(userId);
        await map.raise(user(userId), 'just_chat');
        await map.position(userId, {
          lat: CITY.lat + north,
          lon: CITY.lon,
          accuracy: 10,
          at: clock.now,
        });
      }

      const shown = () => new Set(diffs.flatMap((diff) => diff.upsert.map((hand) => hand.userId)));
      await expect.poll(() => shown().size).toBe(places.length);
      // Six of them a cell closer, the farthest first: a diff of a few.
      const moved = diffs.length;
      clock.now += 1000;
      for (const { userId, north } of places.slice(0, 6)) {
        await map.position(userId, {
          lat: CITY.lat + north - 0.0012,
          lon: CITY.lon,
          accuracy: 10,
          at: clock.now,
        });
      }
      await expect
        .poll(() => diffs.slice(moved).flatMap((diff) => diff.upsert.map((hand) => hand.userId)))
        .toHaveLength(6);

      // Both ways of sorting were taken: more than sixteen entries, and a few.
      const sizes = diffs.map((diff) => diff.upsert.length);
      expect(Math.max(...sizes)).toBeGreaterThan(16);
      expect(diffs.slice(moved).some((diff) => diff.upsert.length > 2)).toBe(true);
      for (const { upsert } of diffs) {
        const order = upsert.map(({ ring, userId }) => ({ ring, userId }));
        const sorted = [...order].sort((a, b) => a.ring - b.ring || a.userId - b.userId);
        expect(order).toEqual(sorted);
      }
      const rings = diffs.flatMap((diff) => diff.upsert.map((hand) => hand.ring));
      expect(new Set(rings).size).toBeGreaterThan(10);
    } finally {
      map.close();
    }
  });
});

describe('positions and watches that no phone could send', () => {
  const north = (metres: number) => ({ lat: CITY.lat + metres / 111_195, lon: CITY.lon });

  /** A map service with the speed rule's real bound, and user 1's hand raised at the city. */
  async function withHandUp() {
    const clock = { now: Date.UTC(2026, 10, 28, 12) };
    const { map } = processOn(new InProcessPresenceStore(), clock, new Set([1]), 100, 50);
    map.connected(1);
    await map.raise(user(1), 'business');
    await map.position(1, { ...north(0), accuracy: 10, at: clock.now });
    return { clock, map };
  }

  it('refuses a 500 km jump in a second with its own code, and the map still shows the hand where it was', async () => {
    const { clock, map } = await withHandUp();
    try {
      const before = await map.watch('w', 2, { ...CITY, radiusM: 2000 }, () => {});
      expect(before.hands.map((h) => h.userId)).toEqual([1]);

      clock.now += 1000;
      const jump = map.position(1, { ...north(500_000), accuracy: 10, at: clock.now });
      await expect(jump).rejects.toMatchObject({
        code: 'POSITION_IMPLAUSIBLE',
        messageKey: 'meet.position-implausible',
      });
      const after = await map.watch('w', 2, { ...CITY, radiusM: 2000 }, () => {});
      expect(after.hands).toEqual(before.hands);

      // A walk is a move like any other.
      clock.now += 10_000;
      await map.position(1, { ...north(15), accuracy: 10, at: clock.now });
    } finally {
      map.close();
    }
  });

  it('believes a phone whose new place keeps agreeing for two minutes (a bad fix before, a flight)', async () => {
    const { clock, map } = await withHandUp();
    try {
      const refused: string[] = [];
      for (let s = 15; s <= 135; s += 15) {
        clock.now += 15_000;
        await map.position(1, { ...north(40_000 + s), accuracy: 10, at: clock.now }).then(
          () => refused.push('taken'),
          (error: { code: string }) => refused.push(error.code),
        );
      }
      expect(refused.slice(0, 8)).toEqual(Array(8).fill('POSITION_IMPLAUSIBLE'));
      expect(refused.at(-1)).toBe('taken');
    } finally {
      map.close();
    }
  });

  it('ties a watch to where the watcher is: near, not across the world, wider with time', async () => {
    const clock = { now: Date.UTC(2026, 10, 28, 12) };
    const { map } = processOn(new InProcessPresenceStore(), clock, new Set([1]), 100, 50);
    try {
      const watch = (at: { lat: number; lon: number }) =>
        map.watch('w', 1, { ...at, radiusM: 5000 }, () => {});
      // No position yet: the first watch is where the watcher says it is.
      await watch(north(0));
      await watch(north(4000));
      await expect(watch(north(20_000))).rejects.toMatchObject({
        code: 'WATCH_OUT_OF_REACH',
        messageKey: 'meet.watch-too-far',
      });
      await expect(watch({ lat: -33.87, lon: 151.21 })).rejects.toMatchObject({
        code: 'WATCH_OUT_OF_REACH',
      });
      // Ten minutes on, a car could be 30 km away.
      clock.now += 600_000;
      await watch(north(20_000));

      // A position anchors the watcher where its phone is.
      map.connected(1);
      await map.raise(user(1), 'business');
      await map.position(1, { ...north(60_000), accuracy: 10, at: clock.now });
      await watch(north(63_000));
      await expect(watch(north(0))).rejects.toMatchObject({ code: 'WATCH_OUT_OF_REACH' });
    } finally {
      map.close();
    }
  });
});

describe('a store that reads hands anew (Redis)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a watcher nothing when a hand is announced but shows the same', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
    const clock = {
      get now() {
        return Date.now();
      },
    };
    // Every read makes new objects, as decoding a Redis hash does.
    const store = new InProcessPresenceStore();
    const getMany = store.getMany.bind(store);
    store.getMany = async (ids) => structuredClone(await getMany(ids));
    const { map } = processOn(store, clock, new Set([1, 2]), 1000);
    try {
      for (const id of [1, 2]) {
        map.connected(id);
        await map.raise(user(id), 'business');
        await map.position(id, { ...CITY, accuracy: 10, at: clock.now });
      }
      const diffs: MapDiff[] = [];
      const snapshot = await map.watch('socket-of-2', 2, { ...CITY, radiusM: 1000 }, (diff) =>
        diffs.push(diff),
      );
      expect(snapshot.hands.map((hand) => hand.userId)).toEqual([1]);

      // Raised again with the same mood: announced to the watchers, nothing they see changed.
      await map.raise(user(1), 'business');
      await vi.advanceTimersByTimeAsync(1100);
      expect(diffs).toEqual([]);

      await map.raise(user(1), 'romantic');
      await vi.advanceTimersByTimeAsync(1100);
      expect(diffs.map((diff) => diff.upsert.map((hand) => hand.mood))).toEqual([['romantic']]);
    } finally {
      map.close();
    }
  });
});
