import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type TestRedis } from '../../../test/redis.ts';
import {
  areaOf,
  areasAround,
  FINE_INDEX_MAX_RADIUS_M,
  FINE_INDEX_RESOLUTION,
  fineIndexOf,
  indexCellsAround,
  handCell,
  distanceM,
  type LatLon,
} from './coarse-position.ts';
import { InProcessPresenceStore } from './presence-store-memory.ts';
import { RedisPresenceStore } from './presence-store-redis.ts';
import type { Hand, PresenceEvent, PresenceStore } from './presence-store.ts';

const HOUR_FROM_NOW = Date.now() + 3600_000;

function hand(userId: number, lat: number, lon: number): Hand {
  const cell = handCell(lat, lon);
  return {
    userId,
    mood: 'romantic',
    ghost: false,
    raisedAt: 0,
    expiresAt: HOUR_FROM_NOW,
    card: { userId, nickname: null, firstName: null, avatar: '', verified: false, levels: [] },
    position: { lat, lon, accuracy: 5, at: 0 },
    cell,
    area: areaOf(cell),
  };
}

interface Subject {
  /** A store; with Redis, each call is another "process" on the same server. */
  make(): Promise<PresenceStore>;
}

const stores: PresenceStore[] = [];
let redis: TestRedis | undefined;
let client: Redis | undefined;
const subjects: [string, Subject][] = [
  [
    'InProcessPresenceStore',
    {
      make: () => {
        const store = new InProcessPresenceStore();
        return Promise.resolve(store);
      },
    },
  ],
  [
    'RedisPresenceStore',
    {
      make: async () => {
        redis ??= await startRedis();
        client ??= new Redis(redis.url, { lazyConnect: true });
        if (client.status === 'wait') await client.connect();
        const store = new RedisPresenceStore(client.duplicate(), {
          areaTtlMs: 60_000,
          onError: (error) => {
            throw error;
          },
        });
        await store.start();
        stores.push(store);
        return store;
      },
    },
  ],
];

afterAll(async () => {
  for (const store of stores) await store.close();
  client?.disconnect();
  await redis?.stop();
});

/** Resolves once `check` holds, looked at every 10 ms for at most 5 s. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  await vi.waitUntil(check, { timeout: 5_000, interval: 10 });
}

describe.each(subjects)('%s keeps the presence contract', (_name, subject) => {
  let userIds = 1000 * Math.floor(Math.random() * 1_000_000);
  const nextId = () => ++userIds;
  const ids = (hands: Hand[]) => hands.map((h) => h.userId).sort((a, b) => a - b);

  it('finds hands by area only, and moves them between areas', async () => {
    const store = await subject.make();
    const [one, two] = [nextId(), nextId()];
    const moscow = hand(one, 55.75, 37.62);
    await store.put(moscow);
    await store.put(hand(two, 48.85, 2.35));
    const nearMoscow = areasAround({ lat: 55.75, lon: 37.62 }, 5000);
    expect(ids(await store.inAreas(nearMoscow))).toEqual([one]);
    expect(await store.get(one)).toEqual(moscow);

    await store.put(hand(two, 55.751, 37.621));
    expect(ids(await store.inAreas(nearMoscow))).toEqual([one, two]);
    expect(ids(await store.inAreas(areasAround({ lat: 48.85, lon: 2.35 }, 5000)))).toEqual([]);

    expect((await store.remove(one))?.userId).toBe(one);
    expect(await store.remove(one)).toBeUndefined();
    expect(ids(await store.inAreas(nearMoscow))).toEqual([two]);
    expect(await store.get(one)).toBeUndefined();
    expect((await store.getMany([one, two])).map((hand) => hand?.userId)).toEqual([undefined, two]);
    // Other tests share the Redis: only this test's ids are looked at.
    const raised = await store.raisedUserIds();
    expect([one, two].filter((id) => raised.includes(id))).toEqual([two]);
  });

  it('patches a raised hand in one step and answers it as it was; none without a hand', async () => {
    const store = await subject.make();
    const id = nextId();
    expect(await store.update(id, { ghost: true })).toBeUndefined();
    expect(await store.get(id)).toBeUndefined();

    const raised = { ...hand(id, 55.75, 37.62), position: null, cell: null, area: null };
    await store.put(raised);
    // The Redis subjects share one server: look only for this test's user.
    const mine = async (lat: number, lon: number) =>
      ids(await store.inAreas(areasAround({ lat, lon }, 5000))).filter((found) => found === id);
    expect(await mine(55.75, 37.62)).toEqual([]);
    const placed = hand(id, 55.75, 37.62);
    const before = await store.update(id, {
      position: placed.position,
      cell: placed.cell,
      area: placed.area,
    });
    expect(before).toEqual(raised);
    expect(await store.update(id, { ghost: true })).toEqual(placed);
    // A position after the ghost switch keeps it.
    const moved = hand(id, 40.4, -3.7);
    await store.update(id, { position: moved.position, cell: moved.cell, area: moved.area });
    expect(await store.get(id)).toEqual({ ...moved, ghost: true });
    expect(await mine(55.75, 37.62)).toEqual([]);
    expect(await mine(40.4, -3.7)).toEqual([id]);
  });

  it('remembers sightings for the kept time', async () => {
    const store = await subject.make();
    const [viewer, a, b] = [nextId(), nextId(), nextId()];
    expect(await store.lastSighting(viewer, a)).toBeUndefined();
    await store.sighted(viewer, [a, b], 1_000, 60_000);
    await store.sighted(viewer, [a], 2_000, 60_000);
    expect(await store.lastSighting(viewer, a)).toBe(2_000);
    expect(await store.lastSighting(viewer, b)).toBe(1_000);
    expect(await store.lastSighting(a, viewer)).toBeUndefined();
  });

  it('forgets sightings past the kept time once many are kept', async () => {
    const store = await subject.make();
    const viewer = nextId();
    const early = Array.from({ length: 600 }, () => nextId());
    await store.sighted(viewer, early, 1_000, 60_000);
    const late = Array.from({ length: 600 }, () => nextId());
    await store.sighted(viewer, late, 70_000, 60_000);
    expect(await store.lastSighting(viewer, early[0]!)).toBeUndefined();
    expect(await store.lastSighting(viewer, late[0]!)).toBe(70_000);
  });

  it('delivers published events to subscribers', async () => {
    const store = await subject.make();
    const heard: PresenceEvent[] = [];
    store.subscribe((event) => heard.push(event));
    const event: PresenceEvent = { type: 'block', a: nextId(), b: nextId() };
    store.publish(event);
    await until(() => heard.length > 0);
    expect(heard).toEqual([event]);
  });
});

describe('RedisPresenceStore across processes', () => {
  it('shows two stores on one Redis one map, and carries events both ways', async () => {
    const [, redisSubject] = subjects[1] as [string, Subject];
    const a = await redisSubject.make();
    const b = await redisSubject.make();
    const heardOnB: PresenceEvent[] = [];
    b.subscribe((event) => heardOnB.push(event));
    const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const placed = hand(id, 59.94, 30.31);
    await a.put(placed);
    a.publish({ type: 'hand', userId: id, fromCell: null, toCell: placed.cell });
    expect(await b.inAreas(areasAround({ lat: 59.94, lon: 30.31 }, 1000))).toEqual([placed]);
    await until(() => heardOnB.some((e) => e.type === 'hand' && e.userId === id));
    await b.update(id, { ghost: true });
    expect((await a.get(id))?.ghost).toBe(true);
    await b.remove(id);
    expect(await a.get(id)).toBeUndefined();
  });
});

/**
 * Circles anywhere on Earth with points inside each (half on the rim, half spread over the
 * disc), from a fixed pseudo-random sequence so a failure reproduces.
 */
function randomCircles(seed: number, count: number, radii: readonly number[], pointsEach: number) {
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const circles: { center: LatLon; radius: number; points: LatLon[] }[] = [];
  for (let circle = 0; circle < count; circle++) {
    const center = { lat: (random() - 0.5) * 150, lon: (random() - 0.5) * 360 };
    const radius = radii[circle % radii.length] as number;
    const points: LatLon[] = [];
    for (let i = 0; i < pointsEach; i++) {
      const r = radius * (i % 2 === 0 ? 0.995 : Math.sqrt(random()));
      const bearing = random() * 2 * Math.PI;
      const point = {
        lat: center.lat + (r * Math.cos(bearing)) / 111_320,
        lon:
          center.lon + (r * Math.sin(bearing)) / (111_320 * Math.cos((center.lat * Math.PI) / 180)),
      };
      if (distanceM(center, point) <= radius) points.push(point);
    }
    circles.push({ center, radius, points });
  }
  return circles;
}

describe('coarse positions', () => {
  it.each([
    [{ lat: 55.75, lon: 37.62 }, 50_000],
    [{ lat: 0.5, lon: 30.1 }, 50_000],
    [{ lat: 69.65, lon: 18.95 }, 20_000],
    [{ lat: -33.87, lon: 151.21 }, 1_000],
  ])(
    'covers the whole watched circle around %j (radius %i m) with index areas',
    (center, radius) => {
      const areas = new Set(areasAround(center, radius));
      for (let bearing = 0; bearing < 360; bearing += 5) {
        const rad = (bearing * Math.PI) / 180;
        const edge = {
          lat: center.lat + (radius * Math.cos(rad)) / 111_320,
          lon:
            center.lon +
            (radius * Math.sin(rad)) / (111_320 * Math.cos((center.lat * Math.PI) / 180)),
        };
        expect(areas.has(areaOf(handCell(edge.lat, edge.lon)))).toBe(true);
      }
    },
  );

  it('covers every point of watched circles, anywhere, and takes few cells for a city watch', () => {
    for (const { center, radius, points } of randomCircles(
      42,
      60,
      [300, 1000, 3000, 20_000, 50_000],
      400,
    )) {
      const areas = new Set(areasAround(center, radius));
      for (const point of points) {
        expect(areas.has(areaOf(handCell(point.lat, point.lon)))).toBe(true);
      }
    }
    expect(areasAround({ lat: 55.75, lon: 37.62 }, 1000).length).toBeLessThanOrEqual(12);
  });

  it('indexes small watches by fine cells that cover their circle', () => {
    for (const { center, radius, points } of randomCircles(
      7,
      30,
      [200, 1000, FINE_INDEX_MAX_RADIUS_M],
      300,
    )) {
      const cells = new Set(indexCellsAround(center, radius, FINE_INDEX_RESOLUTION));
      for (const point of points) {
        expect(cells.has(fineIndexOf(handCell(point.lat, point.lon)))).toBe(true);
      }
    }
    // A 1 km watch in a city: ~16 fine cells, each a seventh of an area cell.
    expect(
      indexCellsAround({ lat: 55.75, lon: 37.62 }, 1000, FINE_INDEX_RESOLUTION).length,
    ).toBeLessThanOrEqual(24);
  });
});
