import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthResponseSchema } from '@meeet/core/api/health';
import { HAND_DOWN, type Ack, type HandState, type MapSnapshot } from '@meeet/core/api/realtime';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  call,
  fix,
  meetUser,
  next,
  ok,
  openSocket,
  type ClientSocket,
} from '../modules/meet/meet.test-support.ts';
import { users } from '../modules/users/users.schema.ts';
import { EVENT_BUDGETS } from './realtime-budgets.ts';

type Answer = Ack<Record<string, unknown>>;

/** Emits an event with only an acknowledgement: Socket.IO hands the server the ack first. */
function callBare(socket: ClientSocket, event: string): Promise<Answer> {
  return (
    socket.timeout(5000) as unknown as { emitWithAck: (event: string) => Promise<Answer> }
  ).emitWithAck(event);
}

/** Sends `count` events at once; resolves with every answer once all came back. */
function burst(
  socket: ClientSocket,
  count: number,
  eventOf: (i: number) => [string, unknown],
): { all: Promise<Answer[]>; answered: () => number } {
  let answered = 0;
  const answers: Promise<Answer>[] = [];
  for (let i = 0; i < count; i++) {
    const [event, payload] = eventOf(i);
    answers.push(
      new Promise<Answer>((resolve) => {
        (socket.emit as (e: string, p: unknown, ack: (a: Answer) => void) => void)(
          event,
          payload,
          (answer) => {
            answered++;
            resolve(answer);
          },
        );
      }),
    );
  }
  return { all: Promise.all(answers), answered: () => answered };
}

/** Resolves once `condition` holds, looked at every 10 ms for at most `ms`. */
async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  await vi.waitUntil(condition, { timeout: ms, interval: 10 });
}

/** The most events a bucket lets through in `elapsedMs`: its burst and what refilled. */
function allowance(rate: { burst: number; perMinute: number }, elapsedMs: number): number {
  return rate.burst + Math.ceil((elapsedMs * rate.perMinute) / 60_000);
}

describe('the realtime seam: every client event validated, budgeted and answered', () => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  async function member(locale: 'en' | 'ru' = 'en') {
    const user = await meetUser(t.app, t.db);
    if (locale !== 'en') await t.db.update(users).set({ locale }).where(eq(users.id, user.id));
    const socket = await openSocket(url, user.token);
    sockets.push(socket);
    return { ...user, socket };
  }

  /** A socket whose first `hand:state` (sent as it connects) is caught. */
  async function device(token: string) {
    const socket: ClientSocket = connect(url, {
      transports: ['websocket'],
      auth: { accessKey: token },
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const first = next(socket, 'hand:state');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, first };
  }

  it('answers an event sent without a payload, whichever event it is', async () => {
    const m = await member();
    for (const event of [
      'hand:raise',
      'hand:lower',
      'hand:ghost',
      'position',
      'map:watch',
      'map:unwatch',
      'chat:typing',
      'meeting:ping',
    ]) {
      expect(await callBare(m.socket, event), event).toMatchObject({
        ok: false,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/\S/),
        fields: { _: expect.stringMatching(/\{\}/) },
      });
    }
    expect(m.socket.connected).toBe(true);
    await ok(m.socket, 'hand:lower', {});
  });

  it('answers an unknown event with a validation error in the user language and stays up', async () => {
    const m = await member('ru');
    const answer = await callBare(m.socket, 'hand:wave');
    expect(answer).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/[а-я]/i),
      fields: { event: 'Неизвестное событие' },
    });
    expect(await call(m.socket, 'map:everything' as 'map:watch', { radiusM: 1 })).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
    expect(m.socket.connected).toBe(true);
    await ok(m.socket, 'map:unwatch', {});
  });

  it('relays at most the budget of 2,000 typing events; the rest are refused, the socket stays', async () => {
    const here = { lat: 41.9, lon: 12.5 };
    const attacker = await member('ru');
    const victim = await member();
    const victimTablet = await openSocket(url, victim.token);
    sockets.push(victimTablet);
    // The attacker saw the victim on the map, so typing to them is allowed.
    await ok(victim.socket, 'hand:raise', { mood: 'just_chat' });
    await ok(victim.socket, 'position', fix(here.lat, here.lon));
    const seen = await ok<MapSnapshot>(attacker.socket, 'map:watch', { ...here, radiusM: 1000 });
    expect(seen.hands.map((h) => h.userId)).toEqual([victim.id]);

    let relayed = 0;
    victim.socket.on('chat:typing', () => relayed++);
    let relayedToTablet = 0;
    victimTablet.on('chat:typing', () => relayedToTablet++);
    const started = Date.now();
    const answers = await burst(attacker.socket, 2000, () => ['chat:typing', { userId: victim.id }])
      .all;
    const elapsed = Date.now() - started;
    // Everything relayed was written to the victim's sockets before the attacker's answers:
    // an answer to each socket's own event comes after it.
    await ok(victim.socket, 'map:unwatch', {});
    await ok(victimTablet, 'map:unwatch', {});

    const allowed = answers.filter((a) => a.ok).length;
    expect(allowed).toBeGreaterThanOrEqual(1);
    expect(allowed).toBeLessThanOrEqual(allowance(EVENT_BUDGETS['chat:typing'].socket, elapsed));
    expect(relayed).toBe(allowed);
    expect(relayedToTablet).toBe(allowed);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(2000 - allowed);
    expect(new Set(refused.map((a) => !a.ok && a.code))).toEqual(new Set(['RATE_LIMITED']));
    expect(refused[0]).toMatchObject({ message: expect.stringMatching(/[а-я]/i) });
    expect(attacker.socket.connected).toBe(true);
    await ok(attacker.socket, 'map:unwatch', {});
  });

  it('shares a user budget between the user devices', async () => {
    const m = await member();
    const devices = [m.socket, await openSocket(url, m.token), await openSocket(url, m.token)];
    sockets.push(...devices.slice(1));
    const { socket: perSocket, user: perUser } = EVENT_BUDGETS['hand:lower'];
    expect(perSocket.burst * devices.length).toBeGreaterThan(perUser.burst);
    const started = Date.now();
    const answers: Answer[] = [];
    // One after the other: each device stays within its own bucket, the three together do not.
    for (const socket of devices) {
      for (let i = 0; i < perSocket.burst; i++) answers.push(await call(socket, 'hand:lower', {}));
    }
    const allowed = answers.filter((a) => a.ok).length;
    expect(allowed).toBeGreaterThanOrEqual(perUser.burst);
    expect(allowed).toBeLessThanOrEqual(allowance(perUser, Date.now() - started));
    expect(answers.filter((a) => !a.ok && a.code === 'RATE_LIMITED')).toHaveLength(
      answers.length - allowed,
    );
  });

  it('keeps /api/health up through a burst of hand and watch events from one socket', async () => {
    const m = await member();
    const events: [string, unknown][] = [
      ['hand:raise', { mood: 'business' }],
      ['hand:ghost', { ghost: true }],
      ['map:watch', { lat: 10, lon: 10, radiusM: 50_000 }],
    ];
    const started = Date.now();
    const sent = burst(m.socket, 2000, (i) => events[i % events.length]!);
    // Asked while the burst is being worked through, not after.
    await until(() => sent.answered() >= 1);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(healthResponseSchema.parse(await health.json()).dependencies.database?.status).toBe(
      'up',
    );

    const answers = await sent.all;
    const elapsed = Date.now() - started;
    // Only what the buckets held was worked on, one of each kind at a time.
    const worked = answers.filter((a) => a.ok || a.code !== 'RATE_LIMITED').length;
    const budget = (['hand:raise', 'hand:ghost', 'map:watch'] as const)
      .map((event) => allowance(EVENT_BUDGETS[event].socket, elapsed))
      .reduce((a, b) => a + b);
    expect(worked).toBeGreaterThanOrEqual(3);
    expect(worked).toBeLessThanOrEqual(budget);
    expect(m.socket.connected).toBe(true);
  });

  it('sends the hand state on connect and to every device on each change', async () => {
    const m = await member();
    const phone = m.socket;
    const tablet = await device(m.token);
    expect(await tablet.first).toEqual(HAND_DOWN);

    const raised = next(tablet.socket, 'hand:state', (s) => s.raised);
    const answer = await ok<{ hand: HandState }>(phone, 'hand:raise', { mood: 'romantic' });
    expect(await raised).toEqual(answer.hand);
    expect(answer.hand).toMatchObject({ raised: true, mood: 'romantic', ghost: false });

    const ghost = next(tablet.socket, 'hand:state', (s) => s.ghost);
    await ok(phone, 'hand:ghost', { ghost: true });
    expect(await ghost).toMatchObject({ raised: true, mood: 'romantic', ghost: true });

    // An app that starts again sees the hand up, as the others do.
    const restarted = await device(m.token);
    expect(await restarted.first).toEqual({ ...answer.hand, ghost: true });

    const lowered = next(tablet.socket, 'hand:state', (s) => !s.raised);
    const loweredToo = next(restarted.socket, 'hand:state', (s) => !s.raised);
    await ok(phone, 'hand:lower', {});
    expect(await lowered).toEqual(HAND_DOWN);
    expect(await loweredToo).toEqual(HAND_DOWN);
  });

  it('answers the meeting ping through the seam: no payload, lon, the deprecated lng', async () => {
    const m = await member();
    expect(await callBare(m.socket, 'meeting:ping')).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const outOfRange = { t: Date.now(), lat: 1, accuracy: 5 };
    expect(await call(m.socket, 'meeting:ping', { ...outOfRange, lon: 200 })).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { lon: expect.any(String) },
    });
    expect(await call(m.socket, 'meeting:ping', { ...outOfRange, lng: 200 })).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { lon: expect.any(String) },
    });
    expect(
      await call(m.socket, 'meeting:ping', { t: Date.now(), lat: 1, lng: 1, accuracy: 5 }),
    ).toEqual({ ok: true, progress: null, candidates: [] });
  });
});
