import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  monitorHistorySchema,
  monitorSnapshotSchema,
  type MonitorSnapshot,
} from '@meeet/core/api/monitor';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeRole } from '../media/media.test-support.ts';
import { meetUser, ok, openSocket } from '../meet/meet.test-support.ts';
import { HttpStats } from './http-stats.ts';

const SCRAPE_TOKEN = 'scrape-token-for-tests-0123456789';

describe('monitor API', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let user: Awaited<ReturnType<typeof registerUser>>;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_IP: '1000',
      METRICS_TOKEN: SCRAPE_TOKEN,
      MONITOR_PUSH_MS: '100',
    });
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('refuses the metrics to guests, users, moderators and a wrong token', async () => {
    const moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    const guest = await get('/metrics');
    expect(guest.statusCode).toBe(401);
    expect(errorBodySchema.parse(guest.json()).code).toBe('TOKEN_INVALID');
    expect((await get('/metrics', bearer(user.token))).statusCode).toBe(403);
    expect((await get('/metrics', bearer(moderator.token))).statusCode).toBe(403);
    const wrong = await get('/metrics', { authorization: `Bearer ${SCRAPE_TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('meeet_');
    for (const refused of [user, moderator]) {
      expect((await get('/monitor', bearer(refused.token))).statusCode).toBe(403);
      expect((await get('/monitor/history', bearer(refused.token))).statusCode).toBe(403);
    }
  });

  it('serves Prometheus text to the scrape token and to admins', async () => {
    const scraped = await get('/metrics', { authorization: `Bearer ${SCRAPE_TOKEN}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    expect(scraped.body).toMatch(/^meeet_users\{period="total"\} \d+$/m);
    expect(scraped.body).toContain('meeet_http_request_duration_seconds_bucket');
    expect(scraped.body).toMatch(/route="\/api\/user\/register"/);
    const byAdmin = await get('/metrics', bearer(admin.token));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body).toMatch(/^meeet_kyc_waiting 0$/m);
  });

  it('counts registrations and requests in the snapshot', async () => {
    const read = async () =>
      monitorSnapshotSchema.parse((await get('/monitor', bearer(admin.token))).json());
    const before = await read();
    await registerUser(t.app);
    const after = await read();
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after.users.today).toBe(before.users.today + 1);
    expect(after.users.week).toBe(before.users.week + 1);
    expect(after.http.requestsPerMinute).toBeGreaterThan(before.http.requestsPerMinute);
    expect(after.http.p95Ms).not.toBeNull();
    expect(after.market.map((level) => level.level)).toEqual([0, 1, 2]);
    // No chain is attached in this test app: the chain block is absent, the rest still shows.
    expect(after.chain).toBeNull();
  });

  it('pushes the snapshot live to admins only', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const open = async (token: string) => {
      const socket = await openSocket(url, token);
      const heard: MonitorSnapshot[] = [];
      socket.on('monitor', (payload) => heard.push(payload));
      return { socket, heard };
    };
    const adminSocket = await open(admin.token);
    const userSocket = await open(user.token);
    try {
      // A push sampled between the two connections counts one socket: wait for one after both.
      await vi.waitFor(() =>
        expect(monitorSnapshotSchema.parse(adminSocket.heard.at(-1)).realtime.sockets).toBe(2),
      );
      const first = monitorSnapshotSchema.parse(adminSocket.heard.at(-1));
      expect(first.realtime.sockets).toBe(2);
      expect(first.realtime.users).toBe(2);
      await registerUser(t.app);
      await vi.waitFor(() =>
        expect(adminSocket.heard.at(-1)?.users.total).toBe(first.users.total + 1),
      );
      expect(userSocket.heard).toEqual([]);

      // An admin who loses the role while connected hears no more, though their socket stays.
      const other = await registerUser(t.app);
      await makeRole(t.db, other.user.id, 'admin');
      const otherSocket = await open(other.token);
      try {
        await vi.waitFor(() => expect(otherSocket.heard.length).toBeGreaterThan(0));
        await makeRole(t.db, admin.user.id, 'user');
        const before = otherSocket.heard.at(-1)?.users.total ?? 0;
        await registerUser(t.app);
        await vi.waitFor(() => expect(otherSocket.heard.at(-1)?.users.total).toBe(before + 1));
        const heardByDemoted = adminSocket.heard.at(-1)?.users.total ?? 0;
        expect(heardByDemoted).toBeLessThanOrEqual(before);
      } finally {
        otherSocket.socket.disconnect();
        await makeRole(t.db, admin.user.id, 'admin');
      }
    } finally {
      adminSocket.socket.disconnect();
      userSocket.socket.disconnect();
    }
  });

  it('counts hands up and meetings, in the snapshot and for Prometheus', async () => {
    // The live-push test above has the app listening already.
    const url = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ host: '127.0.0.1', port: 0 });
    const read = async () =>
      monitorSnapshotSchema.parse((await get('/monitor', bearer(admin.token))).json());
    const before = await read();
    expect(before.meet).toEqual({
      raisedHands: 0,
      meetingsInProgress: 0,
      meetingsCompletedToday: 0,
      mintsToday: 0,
    });
    const person = await meetUser(t.app, t.db);
    const socket = await openSocket(url, person.token);
    try {
      await ok(socket, 'hand:raise', { mood: 'just_chat' });
      expect((await read()).meet.raisedHands).toBe(1);
      const metrics = await get('/metrics', bearer(admin.token));
      expect(metrics.body).toMatch(/^meeet_raised_hands 1$/m);
      expect(metrics.body).toMatch(/^meeet_meetings\{state="in_progress"\} 0$/m);
      await ok(socket, 'hand:lower', {});
      expect((await read()).meet.raisedHands).toBe(0);
    } finally {
      socket.disconnect();
    }
  });

  it('keeps a history for the charts', async () => {
    // The sampler takes its first sample when the app is ready.
    await vi.waitFor(async () => {
      const history = monitorHistorySchema.parse(
        (await get('/monitor/history?range=24h', bearer(admin.token))).json(),
      );
      expect(history.points.length).toBeGreaterThan(0);
      const at = Date.parse(history.points[0]?.at ?? '');
      expect(Date.now() - at).toBeLessThan(24 * 3600_000);
    });
    expect((await get('/monitor/history?range=1y', bearer(admin.token))).statusCode).toBe(400);
  });
});

describe('HttpStats', () => {
  it('keeps the last minute: rate, 5xx rate and p95', () => {
    const stats = new HttpStats();
    const now = 1_000_000;
    stats.record(999, 500, now - 61_000); // older than a minute: dropped
    for (let i = 1; i <= 100; i++) stats.record(i, i <= 3 ? 503 : 200, now - 1000);
    expect(stats.lastMinute(now)).toEqual({
      requestsPerMinute: 100,
      errorsPerMinute: 3,
      p95Ms: 95,
    });
    expect(stats.lastMinute(now + 60_000)).toEqual({
      requestsPerMinute: 0,
      errorsPerMinute: 0,
      p95Ms: null,
    });
  });
});
