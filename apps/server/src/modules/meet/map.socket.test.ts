import { cellToLatLng, latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  HAND_DOWN,
  type HandState,
  type MapHand,
  type MapSnapshot,
} from '@meeet/core/api/realtime';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { distanceM } from './coarse-position.ts';
import {
  call,
  fix,
  meetUser,
  next,
  ok,
  openSocket,
  sendPosition,
  UNLIMITED_WATCHES,
  type ClientSocket,
} from './meet.test-support.ts';

/** Each test meets in its own spot, ~20 km from the others, so hands of one never reach another. */
let spot = 0;
function place() {
  spot++;
  return { lat: 55.75, lon: 37.0 + spot * 0.35 };
}

/** Metres east and north of a point, as a position. */
function shifted(p: { lat: number; lon: number }, east: number, north: number) {
  return {
    lat: p.lat + north / 111_320,
    lon: p.lon + east / (111_320 * Math.cos((p.lat * Math.PI) / 180)),
  };
}

/**
 * A WebSocket speaking Engine.IO and Socket.IO's wire protocol by hand, signed in as `token`,
 * to send frames a Socket.IO client would never write; `next` is the next Socket.IO packet that
 * is not an event (answers, the connect).
 */
async function rawSocket(url: string, token: string) {
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`,
  );
  const packets: string[] = [];
  const waiters: ((packet: string) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const text = data.toString();
    if (text.startsWith('0')) socket.send(`40${JSON.stringify({ accessKey: token })}`);
    else if (text === '2') socket.send('3');
    // Events the server sends (the hand's state on connect) are not what these tests read.
    else if (text.startsWith('4') && !text.startsWith('42')) {
      const waiter = waiters.shift();
      if (waiter) waiter(text);
      else packets.push(text);
    }
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const packet = packets.shift();
      if (packet !== undefined) return resolve(packet);
      const timer = setTimeout(() => reject(new Error('no packet within 5 s')), 5000);
      waiters.push((text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
  expect(await next()).toMatch(/^40\{"sid"/);
  return { send: (frame: string) => socket.send(frame), next, close: () => socket.close() };
}

describe('meet: hands and the live map', () => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    // Hands here jump between spots faster than anyone travels: the speed rule has tests of its
    // own (map.service.test.ts, privacy-attack.test.ts). The chosen-points test below watches
    // from 81 points: what the answers tell is measured here, not the watch budget
    // (plugins/realtime-events.test.ts).
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_IP: '1000', MEETINGS_MAX_SPEED_MPS: '1000000' },
      UNLIMITED_WATCHES,
    );
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  /** A signed-in member's socket; `polling` keeps it on long polling, never upgraded. */
  async function member(t: TestApp, transport?: 'polling') {
    const user = await meetUser(t.app, t.db);
    const socket = await openSocket(url, user.token, transport);
    sockets.push(socket);
    return { ...user, socket };
  }

  async function raised(mood: string, at: { lat: number; lon: number }) {
    const m = await member(t);
    await ok(m.socket, 'hand:raise', { mood });
    await ok(m.socket, 'position', fix(at.lat, at.lon));
    return m;
  }

  const watch = (socket: ClientSocket, at: { lat: number; lon: number }, extra: object = {}) =>
    ok<MapSnapshot>(socket, 'map:watch', { lat: at.lat, lon: at.lon, radiusM: 3000, ...extra });

  it('shows two raised hands to each other over 100 m from the truth, with no cell id', async () => {
    const here = place();
    const trueB = shifted(here, 310, 170);
    const a = await raised('romantic', here);
    const b = await raised('business', trueB);

    const seenByA = await watch(a.socket, here);
    expect(seenByA.hands.map((h) => h.userId)).toEqual([b.id]);
    const entry = seenByA.hands[0] as MapHand;
    expect(entry).toMatchObject({ mood: 'business', nickname: expect.any(String) });
    expect(entry).not.toHaveProperty('cell');
    expect(entry.avatar).toBe(`/api/media/avatar/${b.id}/small`);
    // A cell's centre, moved by 220–320 m of the day, less a cell's reach (~84 m).
    const shownCell = latLngToCell(entry.lat, entry.lon, 10);
    const [cLat, cLon] = cellToLatLng(shownCell);
    expect(distanceM({ lat: cLat, lon: cLon }, entry)).toBeLessThan(0.01);
    expect(distanceM(entry, trueB)).toBeGreaterThan(100);
    expect(distanceM(entry, trueB)).toBeLessThan(410);
    expect(entry.distanceM % 100).toBe(0);
    const wire = JSON.stringify(seenByA);
    expect(wire).not.toContain(String(trueB.lat));
    expect(wire).not.toContain(latLngToCell(trueB.lat, trueB.lon, 10));
    expect(wire).not.toContain(shownCell);

    const seenByB = await watch(b.socket, trueB);
    expect(seenByB.hands.map((h) => [h.userId, h.mood])).toEqual([[a.id, 'romantic']]);
  });

  it("tells two people on each other's maps the same distance, measured shown point to shown point", async () => {
    // Several pairs at different spacings: from the true first fix to the other's displaced
    // point the two figures differed by up to the displacement, both ways.
    for (const [east, north] of [
      [310, 170],
      [650, -120],
      [-900, 400],
    ] as const) {
      const here = place();
      const there = shifted(here, east, north);
      const a = await raised('romantic', here);
      const b = await raised('business', there);
      const [bSeenByA] = (await watch(a.socket, here)).hands;
      const [aSeenByB] = (await watch(b.socket, there)).hands;
      expect(bSeenByA?.userId).toBe(b.id);
      expect(aSeenByB?.userId).toBe(a.id);
      expect(bSeenByA?.distanceM).toBe(aSeenByB?.distanceM);
      // The figure is the shown points' distance, in 100 m steps.
      const shownGap = distanceM(bSeenByA as MapHand, aSeenByB as MapHand);
      expect(Math.abs((bSeenByA as MapHand).distanceM - shownGap)).toBeLessThanOrEqual(50);
    }
  });

  it("sends the watcher everyone's distance again when their own shown point moves", async () => {
    const here = place();
    const a = await raised('romantic', here);
    const b = await raised('business', shifted(here, 0, 900));
    const [before] = (await watch(a.socket, here)).hands;
    expect(before?.userId).toBe(b.id);

    // A walks 600 m towards B: B's entry comes again, nearer, and B reads the same figure.
    const remeasured = next(a.socket, 'map:diff');
    const walked = shifted(here, 0, 600);
    expect(await sendPosition(a.socket, walked.lat, walked.lon)).toMatchObject({ ok: true });
    const [after] = (await remeasured).upsert;
    expect(after?.userId).toBe(b.id);
    expect(after!.distanceM).toBeLessThan(before!.distanceM);
    const [aSeenByB] = (await watch(b.socket, shifted(here, 0, 900))).hands;
    expect(aSeenByB?.distanceM).toBe(after!.distanceM);
  });

  it('answers every chosen point with one shown point, over 100 m from the truth', async () => {
    const here = place();
    const target = await raised('just_chat', here);
    const spy = await member(t);
    const answers = new Set<string>();
    for (let east = -600; east <= 600; east += 150) {
      for (let north = -600; north <= 600; north += 150) {
        const snapshot = await watch(spy.socket, shifted(here, east, north), { radiusM: 2000 });
        const hand = snapshot.hands.find((h) => h.userId === target.id);
        expect(hand?.distanceM).toBeGreaterThanOrEqual(100);
        expect(distanceM(hand as MapHand, here)).toBeGreaterThan(100);
        answers.add(JSON.stringify([hand?.lat, hand?.lon]));
      }
    }
    expect(answers.size).toBe(1);
  });

  it('sends diffs: joined, changed cell, mood, left', async () => {
    const here = place();
    const watcher = await member(t);
    expect((await watch(watcher.socket, here)).hands).toEqual([]);

    const joined = next(watcher.socket, 'map:diff');
    const c = await raised('romantic', shifted(here, 200, 0));
    const { upsert } = await joined;
    expect(upsert.map((h) => [h.userId, h.mood])).toEqual([[c.id, 'romantic']]);
    const shownBefore = upsert[0] as MapHand;

    // A move to another cell: the position is resent until the once-a-second limit lets it in.
    const moved = shifted(here, 200, 400);
    const changed = next(watcher.socket, 'map:diff');
    expect(await sendPosition(c.socket, moved.lat, moved.lon)).toMatchObject({ ok: true });
    const [now] = (await changed).upsert;
    expect(now?.userId).toBe(c.id);
    // Moved 400 m north: shown 400 m north too, give or take a cell on either side.
    expect(distanceM(now as MapHand, shifted(shownBefore, 0, 400))).toBeLessThan(170);

    const mood = next(watcher.socket, 'map:diff');
    await ok(c.socket, 'hand:raise', { mood: 'business' });
    expect((await mood).upsert.map((h) => h.mood)).toEqual(['business']);

    const left = next(watcher.socket, 'map:diff');
    await ok(c.socket, 'hand:lower', {});
    expect(await left).toEqual({ upsert: [], left: [c.id] });
  });

  it('tells a watcher that a hand moved out of the circle, and of its coming back', async () => {
    const here = place();
    const watcher = await member(t);
    const c = await raised('business', shifted(here, 300, 0));
    expect((await watch(watcher.socket, here)).hands.map((h) => h.userId)).toEqual([c.id]);

    const moveTo = async (point: { lat: number; lon: number }) =>
      expect(await sendPosition(c.socket, point.lat, point.lon)).toMatchObject({ ok: true });
    const left = next(watcher.socket, 'map:diff');
    await moveTo(shifted(here, 6000, 0));
    expect(await left).toEqual({ upsert: [], left: [c.id] });

    // Coming back from farther still is a join again.
    await moveTo(shifted(here, 7000, 0));
    const back = next(watcher.socket, 'map:diff');
    await moveTo(shifted(here, 400, 0));
    expect((await back).upsert.map((h) => h.userId)).toEqual([c.id]);
  });

  it('keeps one hand per user across devices', async () => {
    const here = place();
    const phone = await raised('romantic', shifted(here, 100, 0));
    const tablet = await openSocket(url, phone.token);
    sockets.push(tablet);
    const again = await ok<{ hand: HandState }>(tablet, 'hand:raise', { mood: 'business' });
    expect(again.hand).toMatchObject({ raised: true, mood: 'business' });
    const watcher = await member(t);
    const seen = await watch(watcher.socket, here);
    expect(seen.hands.map((h) => [h.userId, h.mood])).toEqual([[phone.id, 'business']]);

    const dropped = next(phone.socket, 'hand:dropped');
    await ok(tablet, 'hand:lower', {});
    expect(await dropped).toEqual({ reason: 'lowered' });
    expect((await watch(watcher.socket, here)).hands).toEqual([]);
  });

  it('filters by mood', async () => {
    const here = place();
    const romantic = await raised('romantic', shifted(here, 100, 100));
    await raised('business', shifted(here, -100, 100));
    const watcher = await member(t);
    const snapshot = await watch(watcher.socket, here, { moods: ['romantic', 'just_chat'] });
    expect(snapshot.hands.map((h) => h.userId)).toEqual([romantic.id]);
  });

  it('hides a ghost from every map while keeping the hand', async () => {
    const here = place();
    const ghost = await raised('romantic', shifted(here, 100, 0));
    const watcher = await member(t);
    expect((await watch(watcher.socket, here)).hands.map((h) => h.userId)).toEqual([ghost.id]);

    const gone = next(watcher.socket, 'map:diff');
    const answer = await ok<{ hand: HandState }>(ghost.socket, 'hand:ghost', { ghost: true });
    expect(answer.hand).toMatchObject({ raised: true, ghost: true });
    expect(await gone).toEqual({ upsert: [], left: [ghost.id] });
    expect((await watch(watcher.socket, here)).hands).toEqual([]);

    const back = next(watcher.socket, 'map:diff');
    await ok(ghost.socket, 'hand:ghost', { ghost: false });
    expect((await back).upsert.map((h) => h.userId)).toEqual([ghost.id]);
  });

  it('never shows two users who block each other, either way', async () => {
    const here = place();
    const a = await raised('romantic', here);
    const b = await raised('romantic', shifted(here, 150, 0));
    expect((await watch(a.socket, here)).hands.map((h) => h.userId)).toEqual([b.id]);

    const gone = next(a.socket, 'map:diff');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/meet/blocks/${a.id}`,
      headers: bearer(b.token),
    });
    expect(response.statusCode).toBe(200);
    expect(await gone).toEqual({ upsert: [], left: [b.id] });
    expect((await watch(a.socket, here)).hands).toEqual([]);
    expect((await watch(b.socket, here)).hands).toEqual([]);

    // Lifting one block keeps the others.
    const c = await raised('romantic', shifted(here, -150, 0));
    const blockOf = (token: string, userId: number, method: 'PUT' | 'DELETE') =>
      t.app.inject({ method, url: `/api/meet/blocks/${userId}`, headers: bearer(token) });
    expect((await blockOf(a.token, c.id, 'PUT')).statusCode).toBe(200);
    const back = await blockOf(b.token, a.id, 'DELETE');
    expect(back.json()).toEqual({ list: [], people: [] });
    expect((await watch(a.socket, here)).hands.map((h) => h.userId)).toEqual([b.id]);
  });

  it('shows hands only to signed-in users and lets only complete profiles raise one', async () => {
    const anonymous = await openSocket(url);
    sockets.push(anonymous);
    const refused = await call(anonymous, 'map:watch', { lat: 1, lon: 1, radiusM: 100 });
    expect(refused).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });

    const bare = await registerUser(t.app);
    const socket = await openSocket(url, bare.token);
    sockets.push(socket);
    const incomplete = await call(socket, 'hand:raise', { mood: 'romantic' });
    expect(incomplete).toMatchObject({ ok: false, code: 'CONDITIONS_NOT_MET' });
    expect(incomplete.ok === false && incomplete.message).toMatch(/complete your profile/);
  });

  it('answers every client event with a bad payload with its code and stays connected', async () => {
    const m = await member(t);
    const bad: [string, unknown][] = [
      ['hand:raise', { mood: 'angry' }],
      ['hand:raise', null],
      ['hand:lower', { extra: 1 }],
      ['hand:ghost', { ghost: 'yes' }],
      ['position', { lat: 91, lon: 0, accuracy: 5, at: Date.now() }],
      ['position', { lat: 0, lon: 181, accuracy: 5, at: Date.now() }],
      ['position', { lat: 0, lon: 0, accuracy: -1, at: Date.now() }],
      ['map:watch', { lat: 0, lon: 0, radiusM: 50_001 }],
      ['map:watch', { lat: 0, lon: 0, radiusM: 10_001 }],
      ['map:watch', 'everything'],
      ['map:unwatch', []],
      ['chat:typing', { userId: 'x' }],
    ];
    for (const [event, payload] of bad) {
      const answer = await call(m.socket, event as 'position', payload);
      expect(answer, event).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(m.socket.connected).toBe(true);
    expect(
      await ok<{ hand: HandState }>(m.socket, 'hand:raise', { mood: 'romantic' }),
    ).toMatchObject({
      hand: { raised: true, mood: 'romantic' },
    });
  });

  it('refuses positions without a hand, inaccurate, from the future, stale or too often', async () => {
    const m = await member(t);
    const here = place();
    expect(await call(m.socket, 'position', fix(here.lat, here.lon))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    await ok(m.socket, 'hand:raise', { mood: 'business' });
    const inaccurate = await call(m.socket, 'position', fix(here.lat, here.lon, 5000));
    expect(inaccurate).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(inaccurate.ok === false && inaccurate.fields).toHaveProperty('accuracy');
    const future = { ...fix(here.lat, here.lon), at: Date.now() + 60_000 };
    expect(await call(m.socket, 'position', future)).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
    const stale = { ...fix(here.lat, here.lon), at: Date.now() - 31_000 };
    expect(await call(m.socket, 'position', stale)).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
    await ok(m.socket, 'position', fix(here.lat, here.lon));
    expect(await call(m.socket, 'position', fix(here.lat, here.lon))).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
    });
  });

  it('answers positions alike over long polling, where Socket.IO reads them', async () => {
    const { socket: polling } = await member(t, 'polling');
    const here = place();
    await ok(polling, 'hand:raise', { mood: 'business' });
    expect(
      await call(polling, 'position', { lat: 91, lon: 0, accuracy: 5, at: Date.now() }),
    ).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    await ok(polling, 'position', fix(here.lat, here.lon));
    expect(await call(polling, 'position', fix(here.lat, here.lon))).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
    });
  });

  it('sends diffs over long polling too, where no WebSocket frame can carry them', async () => {
    const { socket: polling } = await member(t, 'polling');
    const here = place();
    expect((await watch(polling, here)).hands).toEqual([]);

    const joined = next(polling, 'map:diff');
    const c = await raised('just_chat', shifted(here, 150, 0));
    expect(await joined).toEqual({ upsert: [expect.objectContaining({ userId: c.id })], left: [] });
    const left = next(polling, 'map:diff');
    await ok(c.socket, 'hand:lower', {});
    expect(await left).toEqual({ upsert: [], left: [c.id] });
  });

  it('answers a position frame that is not JSON with a validation error, and stays connected', async () => {
    const user = await meetUser(t.app, t.db);
    const frames = await rawSocket(url, user.token);
    try {
      frames.send('4212["position",{"lat":55.75,"lon":');
      expect(JSON.parse((await frames.next()).replace(/^4312/, ''))).toEqual([
        { ok: false, code: 'VALIDATION_ERROR', message: expect.stringMatching(/\S/) },
      ]);
      frames.send('4213["hand:raise",{"mood":"business"}]');
      expect(await frames.next()).toMatch(/^4313\[\{"ok":true/);
    } finally {
      frames.close();
    }
  });

  it('takes one of two positions sent at once and refuses the other as too often', async () => {
    const m = await member(t);
    const here = place();
    await ok(m.socket, 'hand:raise', { mood: 'business' });
    const answers = await Promise.all([
      call(m.socket, 'position', fix(here.lat, here.lon)),
      call(m.socket, 'position', fix(here.lat, here.lon)),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/\S/),
    });
  });
});

describe('meet: hand expiry', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_IP: '1000',
      MEET_HAND_OFFLINE_SECONDS: '1',
      MEET_HAND_MAX_SECONDS: '2',
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('drops a hand at its maximum and after its user is offline for the configured time', async () => {
    const here = { lat: 48.85, lon: 2.35 };
    const watcherUser = await meetUser(t.app, t.db);
    const watcher = await openSocket(url, watcherUser.token);
    const user = await meetUser(t.app, t.db);
    const device = await openSocket(url, user.token);
    try {
      await ok(device, 'hand:raise', { mood: 'romantic' });
      await ok(device, 'position', fix(here.lat, here.lon));
      expect(
        (await ok<MapSnapshot>(watcher, 'map:watch', { ...here, radiusM: 1000 })).hands,
      ).toHaveLength(1);
      const down = next(device, 'hand:state', (state) => !state.raised, 6000);
      const dropped = await next(device, 'hand:dropped', () => true, 6000);
      expect(dropped).toEqual({ reason: 'expired' });
      expect(await down).toEqual(HAND_DOWN);
      expect(
        (await ok<MapSnapshot>(watcher, 'map:watch', { ...here, radiusM: 1000 })).hands,
      ).toEqual([]);

      // Raised again, then the only device goes away.
      await ok(device, 'hand:raise', { mood: 'romantic' });
      await ok(device, 'position', fix(here.lat, here.lon));
      await next(watcher, 'map:diff', (d) => d.upsert.length === 1);
      const left = next(watcher, 'map:diff', (d) => d.left.includes(user.id), 6000);
      device.disconnect();
      await left;
    } finally {
      watcher.disconnect();
      device.disconnect();
    }
  });
});
