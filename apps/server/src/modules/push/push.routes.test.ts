import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSettingsResponseSchema } from '@meeet/core/api/push';
import type { MapSnapshot } from '@meeet/core/api/realtime';
import { apiInjector, bearer } from '../../../test/accounts.ts';
import { userRoom } from '../../plugins/socket.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { completeUser, jpeg, makeRole, upload } from '../media/media.test-support.ts';
import { fix, ok, socketTestServer } from '../meet/meet.test-support.ts';
import { moderateLevels } from '../staff/moderators.test-support.ts';
import { users } from '../users/users.schema.ts';
import { ApnsProvider } from './push.provider.ts';
import { pushTokens } from './push.schema.ts';
import { PUSH_JOB } from './push.service.ts';
import { apnsSigningKey, FakeApns, verifyProviderJwt } from './push.test-support.ts';

const KEY_ID = 'KEY1234567';
const TEAM_ID = 'TEAM123456';
const BUNDLE_ID = 'app.meeet.ios';

const deviceToken = () => randomBytes(32).toString('hex');
let clientIds = 0;
const clientId = () => `push-${Date.now().toString(36)}-${++clientIds}`;

describe('push notifications through APNs', () => {
  const signing = apnsSigningKey();
  let apns: FakeApns;
  const provider = {
    // The real APNs provider, pointed at the fake server once it listens (beforeAll order).
    current: undefined as ApnsProvider | undefined,
    send: (...args: Parameters<ApnsProvider['send']>) => {
      if (!provider.current) throw new Error('fake APNs not started');
      return provider.current.send(...args);
    },
    close: () => provider.current?.close() ?? Promise.resolve(),
  };
  beforeAll(async () => {
    apns = await FakeApns.start();
    provider.current = new ApnsProvider({
      key: signing.key,
      keyId: KEY_ID,
      teamId: TEAM_ID,
      bundleId: BUNDLE_ID,
      production: false,
      host: apns.host,
      ca: [apns.ca],
    });
  });
  const mediaDir = mkdtempSync(join(tmpdir(), 'meeet-push-test-'));
  const server = socketTestServer(
    { AUTH_RATE_LIMIT_PER_IP: '1000', MEETINGS_MAX_SPEED_MPS: '1000000', MEDIA_DIR: mediaDir },
    { pushProvider: provider },
  );
  afterAll(async () => {
    await apns.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  let spot = 0;
  /** `a` has seen `b` on the map, so `a` may write to `b`. */
  async function pair() {
    spot++;
    const here = { lat: 41.4, lon: -2.9 + spot * 0.35 };
    const a = await server.member();
    const b = await server.member();
    await ok(b.socket, 'hand:raise', { mood: 'just_chat' });
    await ok(b.socket, 'position', fix(here.lat + 0.001, here.lon));
    const seen = await ok<MapSnapshot>(a.socket, 'map:watch', { ...here, radiusM: 1000 });
    expect(seen.hands.map((h) => h.userId)).toEqual([b.id]);
    return { a, b };
  }

  /** Closes every socket of the user and waits until no server process counts one. */
  async function goOffline(user: { id: number; socket: { disconnect(): void } }) {
    user.socket.disconnect();
    await vi.waitFor(async () => {
      expect(await server.t.app.io.in(userRoom(user.id)).fetchSockets()).toHaveLength(0);
    });
  }

  const inject = apiInjector(() => server.t.app);
  const ALL_ON = { messages: true, meetings: true, money: true, kyc: true, news: true };
  const setKinds = (token: string, off: Partial<typeof ALL_ON>) =>
    inject('PUT', '/push/settings', token, { ...ALL_ON, ...off });
  const register = (token: string, device: string) =>
    inject('PUT', '/push/token', token, { token: device, platform: 'ios' });
  const send = (token: string, to: number, text: string) =>
    server.t.app.inject({
      method: 'POST',
      url: `/api/meet/conversations/${to}/messages`,
      headers: bearer(token),
      payload: { clientId: clientId(), text },
    });

  /** Runs `act` and waits until the push it caused was decided (queued or not). */
  async function settled(act: () => Promise<unknown>): Promise<void> {
    const spy = vi.spyOn(server.t.app.push, 'notify');
    try {
      await act();
      await vi.waitFor(() => expect(spy).toHaveBeenCalled());
      await Promise.all(spy.mock.results.map((result) => result.value as Promise<void>));
    } finally {
      spy.mockRestore();
    }
  }

  it('registers tokens and keeps per-kind settings for the signed-in user only', async () => {
    const user = await server.member();
    expect(
      (await inject('PUT', '/push/token', undefined, { token: deviceToken(), platform: 'ios' }))
        .statusCode,
    ).toBe(401);
    expect((await register(user.token, 'not-hex')).statusCode).toBe(400);
    const device = deviceToken();
    expect((await register(user.token, device.toUpperCase())).statusCode).toBe(200);
    const rows = await server.t.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id));
    expect(rows.map((row) => row.token)).toEqual([device]);

    const first = pushSettingsResponseSchema.parse(
      (await inject('GET', '/push/settings', user.token)).json(),
    );
    // News is promotion: off until the user asks for it (App Store guideline 4.5.4).
    expect(first).toEqual({
      enabled: true,
      settings: { messages: true, meetings: true, money: true, kyc: true, news: false },
    });
    const changed = await setKinds(user.token, { money: false });
    expect(changed.json()).toEqual({
      enabled: true,
      settings: { messages: true, meetings: true, money: false, kyc: true, news: true },
    });
    expect((await inject('PUT', '/push/settings', user.token, { money: true })).statusCode).toBe(
      400,
    );
    expect((await inject('GET', '/push/settings')).statusCode).toBe(401);

    expect(
      (await inject('DELETE', `/push/token?platform=ios&token=${device}`, user.token)).statusCode,
    ).toBe(200);
    expect(
      await server.t.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id)),
    ).toEqual([]);
  });

  it('sends a message to a recipient with no socket open to APNs, signed and addressed', async () => {
    const { a, b } = await pair();
    const device = deviceToken();
    await register(b.token, device);
    await server.t.db.update(users).set({ firstName: 'Alice' }).where(eq(users.id, a.id));
    await goOffline(b);

    expect((await send(a.token, b.id, 'Coffee at the fountain?')).statusCode).toBe(200);
    await vi.waitFor(() => expect(apns.to(device)).toHaveLength(1));
    const [request] = apns.to(device);
    expect(request?.path).toBe(`/3/device/${device}`);
    expect(request?.headers['apns-topic']).toBe(BUNDLE_ID);
    expect(request?.headers['apns-push-type']).toBe('alert');
    const authorization = String(request?.headers.authorization);
    expect(authorization).toMatch(/^bearer /);
    const jwt = verifyProviderJwt(authorization.slice('bearer '.length), signing.publicKeyPem);
    expect(jwt.header).toMatchObject({ alg: 'ES256', kid: KEY_ID });
    expect(jwt.claims).toMatchObject({ iss: TEAM_ID });
    expect(request?.body.aps.alert).toEqual({
      title: 'Message from Alice',
      body: 'Coffee at the fountain?',
    });
    expect(request?.body).toMatchObject({ kind: 'messages', link: `/chat/${a.id}` });
  });

  it('words the push in the recipient language', async () => {
    const { a, b } = await pair();
    const device = deviceToken();
    await register(b.token, device);
    await server.t.db.update(users).set({ firstName: 'Boris' }).where(eq(users.id, a.id));
    await server.t.db.update(users).set({ locale: 'ru' }).where(eq(users.id, b.id));
    await goOffline(b);

    await send(a.token, b.id, 'Привет');
    await vi.waitFor(() => expect(apns.to(device)).toHaveLength(1));
    expect(apns.to(device)[0]?.body.aps.alert).toEqual({
      title: 'Сообщение от Boris',
      body: 'Привет',
    });
  });

  it('sends nothing to a recipient whose app is open, or who switched messages off', async () => {
    const { a, b } = await pair();
    const device = deviceToken();
    await register(b.token, device);
    await settled(() => send(a.token, b.id, 'You are online'));
    expect(apns.to(device)).toEqual([]);

    await setKinds(b.token, { messages: false });
    await goOffline(b);
    await settled(() => send(a.token, b.id, 'You switched me off'));
    expect(apns.to(device)).toEqual([]);
    expect(await server.t.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).toEqual([]);
  });

  it('removes tokens APNs calls Unregistered or BadDeviceToken, and keeps the good one', async () => {
    const { a, b } = await pair();
    const [gone, bad, good] = [deviceToken(), deviceToken(), deviceToken()];
    apns.script(gone, { status: 410, reason: 'Unregistered' });
    apns.script(bad, { status: 400, reason: 'BadDeviceToken' });
    for (const device of [gone, bad, good]) await register(b.token, device);
    await goOffline(b);

    await send(a.token, b.id, 'Still there?');
    await vi.waitFor(async () => {
      const left = await server.t.db.select().from(pushTokens).where(eq(pushTokens.userId, b.id));
      expect(left.map((row) => row.token)).toEqual([good]);
    });
    expect(apns.to(good)).toHaveLength(1);
    expect(await server.t.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).toEqual([]);
  });

  it('retries a push APNs refused with 429 later, from the job queue', async () => {
    const { a, b } = await pair();
    const device = deviceToken();
    apns.script(device, { status: 429, reason: 'TooManyRequests' });
    await register(b.token, device);
    await goOffline(b);

    await send(a.token, b.id, 'Try again');
    await vi.waitFor(async () => {
      const [job] = await server.t.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB));
      expect(job?.attempts).toBe(1);
      expect(job?.lastError).toContain('429');
    });
    expect(apns.to(device)).toHaveLength(1);

    // Not before its back-off; then it goes.
    await server.t.app.jobs.drain();
    expect(apns.to(device)).toHaveLength(1);
    await server.t.app.jobs.drain({ now: new Date(Date.now() + 60_000) });
    expect(apns.to(device)).toHaveLength(2);
    expect(apns.to(device)[1]?.body.aps.alert).toMatchObject({ body: 'Try again' });
    expect(await server.t.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).toEqual([]);
  });

  /** A user (app closed, one phone registered) whose verification waits for a moderator. */
  async function verificationWaiting() {
    const user = await completeUser(server.t.app, 'Pushed');
    for (const kind of ['document', 'selfie']) {
      const uploaded = await upload(server.t.app, user.token, { album: 'kyc', kind }, [
        { name: `${kind}.jpg`, type: 'image/jpeg', data: await jpeg() },
      ]);
      expect(uploaded.statusCode).toBe(201);
    }
    const submitted = await server.t.app.inject({
      method: 'POST',
      url: '/api/kyc/submit',
      headers: bearer(user.token),
    });
    expect(submitted.statusCode).toBe(200);
    const device = deviceToken();
    await register(user.token, device);
    return { user, device };
  }

  it('tells a KYC decision to the phone, unless KYC pushes are off', async () => {
    const moderator = await server.member();
    await makeRole(server.t.db, moderator.id, 'moderator');
    await moderateLevels(server.t.db, moderator.id);
    const decide = (userId: number) =>
      inject('PATCH', `/kyc/moderate/${userId}`, moderator.token, {
        status: 'approved',
        maxNftType: 1,
      });

    const heard = await verificationWaiting();
    expect((await decide(heard.user.user.id)).statusCode).toBe(200);
    await vi.waitFor(() => expect(apns.to(heard.device)).toHaveLength(1));
    expect(apns.to(heard.device)[0]?.body).toMatchObject({
      aps: { alert: { title: 'MEEET', body: expect.stringMatching(/identity is verified/) } },
      kind: 'kyc',
    });

    const quiet = await verificationWaiting();
    await setKinds(quiet.user.token, { kyc: false });
    await settled(async () => expect((await decide(quiet.user.user.id)).statusCode).toBe(200));
    expect(apns.to(quiet.device)).toEqual([]);
  });

  it('pushes news as it comes out to the closed apps of those who switched news on', async () => {
    const asked = await server.member();
    const never = await server.member();
    const open = await server.member();
    const admin = await server.member();
    await makeRole(server.t.db, admin.id, 'admin');
    const devices = { asked: deviceToken(), never: deviceToken(), open: deviceToken() };
    await register(asked.token, devices.asked);
    await register(never.token, devices.never);
    await register(open.token, devices.open);
    await setKinds(asked.token, {});
    await setKinds(open.token, {});
    await server.t.db.update(users).set({ locale: 'ru' }).where(eq(users.id, asked.id));
    await goOffline(asked);
    await goOffline(never);

    const published = await inject('POST', '/notif/news/', admin.token, {
      titleEn: 'Meeting spots arrive',
      titleRu: 'Места встреч уже здесь',
      bodyEn: 'Cafés that welcome MEEET meetings.',
      bodyRu: 'Кафе, где рады встречам MEEET.',
      status: 'PUBLISHED',
    });
    expect(published.statusCode).toBe(200);
    await server.t.app.jobs.drain();

    expect(apns.to(devices.asked).map((request) => request.body.aps.alert)).toEqual([
      { title: 'Новости MEEET', body: 'Места встреч уже здесь' },
    ]);
    expect(apns.to(devices.asked)[0]?.body).toMatchObject({ kind: 'news' });
    // Never asked for news; the app is open (told in-app instead).
    expect(apns.to(devices.never)).toEqual([]);
    expect(apns.to(devices.open)).toEqual([]);
  });
});
