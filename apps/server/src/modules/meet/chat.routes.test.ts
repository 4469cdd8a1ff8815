import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  chatMessageSchema,
  conversationListSchema,
  messagePageSchema,
  reportListSchema,
  reportSchema,
} from '@meeet/core/api/meet';
import type { MapSnapshot } from '@meeet/core/api/realtime';
import { bearer } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeRole } from '../media/media.test-support.ts';
import { sessions } from '../users/users.schema.ts';
import { meetMessages } from './meet.schema.ts';
import { fix, meetUser, next, ok, openSocket, socketTestServer } from './meet.test-support.ts';

let spot = 0;
function place() {
  spot++;
  return { lat: 40.4, lon: -3.9 + spot * 0.35 };
}
let clientIds = 0;
const clientId = () => `client-${Date.now().toString(36)}-${++clientIds}`;

describe('meet: chat and safety', () => {
  // Users here hop between spots faster than anyone travels: the speed rule and the reach of
  // watches have tests of their own (map.service.test.ts, privacy-attack.test.ts).
  const server = socketTestServer({
    AUTH_RATE_LIMIT_PER_IP: '1000',
    MEETINGS_MAX_SPEED_MPS: '1000000',
  });
  const { member } = server;

  /** `a` has seen `b` on the map, so `a` may start a conversation with `b`. */
  async function pair() {
    const here = place();
    const a = await member();
    const b = await member();
    await ok(b.socket, 'hand:raise', { mood: 'just_chat' });
    await ok(b.socket, 'position', fix(here.lat + 0.001, here.lon));
    const seen = await ok<MapSnapshot>(a.socket, 'map:watch', { ...here, radiusM: 1000 });
    expect(seen.hands.map((h) => h.userId)).toEqual([b.id]);
    return { a, b };
  }

  const send = (token: string, to: number, text: string, id = clientId()) =>
    server.t.app.inject({
      method: 'POST',
      url: `/api/meet/conversations/${to}/messages`,
      headers: bearer(token),
      payload: { clientId: id, text },
    });
  const get = (token: string, path: string) =>
    server.t.app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(token) });
  const post = (token: string, path: string, payload: object) =>
    server.t.app.inject({ method: 'POST', url: `/api${path}`, headers: bearer(token), payload });

  it('delivers a stored message to every device of both users; a resend never duplicates', async () => {
    const { a, b } = await pair();
    const second = await server.socket(b.token);
    const onB1 = next(b.socket, 'chat:message');
    const onB2 = next(second, 'chat:message');
    const onA = next(a.socket, 'chat:message');

    const id = clientId();
    const response = await send(a.token, b.id, '  Hi! 👋🏽 coffee?  ', id);
    expect(response.statusCode).toBe(200);
    const message = chatMessageSchema.parse(response.json());
    expect(message.text).toBe('Hi! 👋🏽 coffee?');
    const [row] = await server.t.db
      .select()
      .from(meetMessages)
      .where(eq(meetMessages.id, message.id));
    expect(row?.text).toBe('Hi! 👋🏽 coffee?');
    expect(await onB1).toEqual(message);
    expect(await onB2).toEqual(message);
    expect(await onA).toEqual(message);

    const again = await send(a.token, b.id, 'Hi! 👋🏽 coffee?', id);
    expect(again.json()).toEqual(message);
    const rows = await server.t.db.select().from(meetMessages).where(eq(meetMessages.clientId, id));
    expect(rows).toHaveLength(1);
    const reused = await send(a.token, b.id, 'something else', id);
    expect(reused.statusCode).toBe(409);

    // The recipient may answer in the conversation without having seen the sender.
    expect((await send(b.token, a.id, 'Sure')).statusCode).toBe(200);
  });

  it('refuses empty, too long and unseen-recipient messages with clear errors', async () => {
    const { a, b } = await pair();
    expect((await send(a.token, b.id, '   ')).statusCode).toBe(400);
    const long = await send(a.token, b.id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect((await send(a.token, b.id, '😀'.repeat(2000))).statusCode).toBe(200);

    const stranger = await member();
    const refused = await send(stranger.token, a.id, 'hello');
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json()).message).toMatch(/seen on the map/);
  });

  it('answers 404 for a partner seen on the map whose account is gone since, storing nothing', async () => {
    const { a, b } = await pair();
    await server.t.db.execute(sql`delete from users where id = ${b.id}`);
    const refused = await send(a.token, b.id, 'still there?');
    expect(refused.statusCode).toBe(404);
    expect(errorBodySchema.parse(refused.json()).code).toBe('NOT_FOUND');
    const stored = await server.t.db
      .select()
      .from(meetMessages)
      .where(eq(meetMessages.senderId, a.id));
    expect(stored).toEqual([]);
  });

  it('keeps one conversation when both start it at the same moment, with both messages in it', async () => {
    const { a, b } = await pair();
    // Each has seen the other, so either may start the conversation.
    const here = place();
    await ok(a.socket, 'hand:raise', { mood: 'just_chat' });
    await ok(a.socket, 'position', fix(here.lat, here.lon));
    await ok<MapSnapshot>(b.socket, 'map:watch', { ...here, radiusM: 1000 });
    for (let round = 0; round < 3; round++) {
      const [fromA, fromB] = await Promise.all([
        send(a.token, b.id, `hi from a ${round}`),
        send(b.token, a.id, `hi from b ${round}`),
      ]);
      expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
      const first = chatMessageSchema.parse(fromA.json());
      expect(chatMessageSchema.parse(fromB.json()).conversationId).toBe(first.conversationId);
    }
    const list = conversationListSchema.parse((await get(a.token, '/meet/conversations')).json());
    expect(list.list.filter((c) => c.other.userId === b.id)).toHaveLength(1);
    const page = messagePageSchema.parse(
      (await get(a.token, `/meet/conversations/${b.id}/messages`)).json(),
    );
    expect(page.list).toHaveLength(6);
  });

  it('pages messages newest first and keeps read receipts as a cursor', async () => {
    const { a, b } = await pair();
    const sent = [];
    for (let i = 1; i <= 7; i++) {
      sent.push(chatMessageSchema.parse((await send(a.token, b.id, `message ${i}`)).json()));
    }
    const texts: string[] = [];
    let before: number | null | undefined;
    let pages = 0;
    do {
      const query = before ? `?limit=3&before=${before}` : '?limit=3';
      const page = messagePageSchema.parse(
        (await get(b.token, `/meet/conversations/${a.id}/messages${query}`)).json(),
      );
      texts.push(...page.list.map((m) => m.text));
      before = page.nextBefore;
      pages++;
    } while (before);
    expect(pages).toBe(3);
    expect(texts).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `message ${i}`));

    let list = conversationListSchema.parse((await get(b.token, '/meet/conversations')).json());
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ other: { userId: a.id }, unread: 7 });
    expect(list.list[0]?.lastMessage?.text).toBe('message 7');

    const receipt = next(a.socket, 'chat:read');
    const upTo = sent[4]?.id as number;
    const read = await post(b.token, `/meet/conversations/${a.id}/read`, { messageId: upTo });
    expect(read.json()).toEqual({ readId: upTo });
    expect(await receipt).toMatchObject({ userId: b.id, readId: upTo });
    // A cursor never moves back.
    await post(b.token, `/meet/conversations/${a.id}/read`, { messageId: sent[0]?.id as number });
    list = conversationListSchema.parse((await get(b.token, '/meet/conversations')).json());
    expect(list.list[0]?.unread).toBe(2);
    const mine = conversationListSchema.parse((await get(a.token, '/meet/conversations')).json());
    expect(mine.list[0]?.otherReadId).toBe(upTo);
  });

  it('relays typing to the other user', async () => {
    const { a, b } = await pair();
    const typing = next(b.socket, 'chat:typing');
    await ok(a.socket, 'chat:typing', { userId: b.id });
    expect(await typing).toEqual({ userId: a.id });
  });

  it('hides blocked users from chat', async () => {
    const { a, b } = await pair();
    expect((await send(a.token, b.id, 'hi')).statusCode).toBe(200);
    expect(
      (
        await server.t.app.inject({
          method: 'PUT',
          url: `/api/meet/blocks/${a.id}`,
          headers: bearer(b.token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await send(a.token, b.id, 'hi again')).statusCode).toBe(403);
    expect((await send(b.token, a.id, 'bye')).statusCode).toBe(403);
    expect(
      conversationListSchema.parse((await get(a.token, '/meet/conversations')).json()).list,
    ).toEqual([]);
    expect((await get(a.token, `/meet/conversations/${b.id}/messages`)).statusCode).toBe(403);
    // A revoked session is not told who blocked whom.
    expect((await post(a.token, '/user/logout', {})).statusCode).toBe(200);
    const revoked = await send(a.token, b.id, 'hi from a lost phone');
    expect(revoked.statusCode).toBe(401);
    expect(errorBodySchema.parse(revoked.json()).code).toBe('TOKEN_INVALID');
  });

  it('flags scam patterns in English and Russian and queues the third flagged sender of a day', async () => {
    const { a, b } = await pair();
    const moderator = await member();
    await makeRole(server.t.db, moderator.id, 'moderator');

    const wallet = chatMessageSchema.parse(
      (
        await send(a.token, b.id, 'send 50 USDT to 0x52908400098527886E0F7030069857D2E4169EE7')
      ).json(),
    );
    // Asking for money to a wallet: both warnings (the money request since issue 39).
    expect(wallet.flags).toEqual(['wallet-address', 'money-request']);
    const russian = chatMessageSchema.parse(
      (await send(a.token, b.id, 'Гарантированный доход 20% в месяц, пиши в телеграм')).json(),
    );
    expect(russian.flags).toEqual(['off-platform', 'investment']);
    expect(
      chatMessageSchema.parse((await send(a.token, b.id, 'see you at 5')).json()).flags,
    ).toEqual([]);

    const queued = async () =>
      reportListSchema
        .parse((await get(moderator.token, '/meet/moderation/reports?limit=100')).json())
        .list.filter((r) => r.reportedUserId === a.id && r.reporterId === null);
    expect(await queued()).toEqual([]);
    await send(a.token, b.id, 'my whatsapp +7 916 123 45 67');
    const reports = await queued();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason: 'scam', status: 'open' });
    expect(reports[0]?.context).toHaveLength(3);
    await send(a.token, b.id, 'invest now');
    expect(await queued()).toHaveLength(1);
  });

  it('checks the session in the storing statement: a revoked one stores nothing, a new device is noted', async () => {
    const { a, b } = await pair();
    const storedBy = async (userId: number) =>
      (await server.t.db.select().from(meetMessages).where(eq(meetMessages.senderId, userId)))
        .length;

    // A session opened without a fingerprint (Sign in with Apple) takes the first one a
    // message brings, through the device check, and the message is stored once.
    await server.t.db.update(sessions).set({ fingerprint: null }).where(eq(sessions.userId, a.id));
    const fromNewPhone = await server.t.app.inject({
      method: 'POST',
      url: `/api/meet/conversations/${b.id}/messages`,
      headers: bearer(a.token, 'fp-new-phone'),
      payload: { clientId: clientId(), text: 'from my new phone' },
    });
    expect(fromNewPhone.statusCode).toBe(200);
    expect(chatMessageSchema.parse(fromNewPhone.json()).text).toBe('from my new phone');
    const [session] = await server.t.db.select().from(sessions).where(eq(sessions.userId, a.id));
    expect(session?.fingerprint).toBe('fp-new-phone');
    expect(await storedBy(a.id)).toBe(1);

    expect((await post(a.token, '/user/logout', {})).statusCode).toBe(200);
    const afterLogout = await send(a.token, b.id, 'still there?');
    expect(afterLogout.statusCode).toBe(401);
    expect(errorBodySchema.parse(afterLogout.json()).code).toBe('TOKEN_INVALID');
    expect(await storedBy(a.id)).toBe(1);
  });

  it('lets moderators work the report queue: dismiss, warn, ban', async () => {
    const { a, b } = await pair();
    const moderator = await member();
    await makeRole(server.t.db, moderator.id, 'moderator');
    const rude = chatMessageSchema.parse((await send(a.token, b.id, 'rude words')).json());

    expect(
      (await post(b.token, '/meet/reports', { userId: b.id, reason: 'spam' })).statusCode,
    ).toBe(400);
    const first = await post(b.token, '/meet/reports', {
      userId: a.id,
      messageId: rude.id,
      reason: 'harassment',
      text: 'not nice',
    });
    expect(first.statusCode).toBe(200);
    const second = await post(b.token, '/meet/reports', { userId: a.id, reason: 'fake_profile' });
    const third = await post(b.token, '/meet/reports', { userId: a.id, reason: 'spam' });
    expect((await get(b.token, '/meet/moderation/reports')).statusCode).toBe(403);

    const queue = reportListSchema.parse(
      (await get(moderator.token, '/meet/moderation/reports')).json(),
    );
    const listed = queue.list.find((r) => r.id === (first.json() as { id: number }).id);
    expect(listed?.context.map((m) => m.text)).toEqual(['rude words']);

    const decide = (id: number, action: string) =>
      post(moderator.token, `/meet/moderation/reports/${id}`, { action });
    const firstId = (first.json() as { id: number }).id;
    expect(reportSchema.parse((await decide(firstId, 'dismiss')).json()).status).toBe('dismissed');
    expect((await decide(firstId, 'ban')).statusCode).toBe(409);

    const warning = next(a.socket, 'notification');
    expect(
      reportSchema.parse((await decide((second.json() as { id: number }).id, 'warn')).json())
        .status,
    ).toBe('warned');
    expect((await warning).text).toMatch(/warned you/);

    // A ban: sockets end, the hand drops for watchers, the token stops working.
    await ok(a.socket, 'hand:raise', { mood: 'romantic' });
    const here = place();
    await ok(a.socket, 'position', fix(here.lat, here.lon));
    const watcher = await member();
    expect(
      (await ok<MapSnapshot>(watcher.socket, 'map:watch', { ...here, radiusM: 500 })).hands,
    ).toHaveLength(1);
    const left = next(watcher.socket, 'map:diff', (d) => d.left.includes(a.id));
    const disconnected = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
    expect(
      reportSchema.parse((await decide((third.json() as { id: number }).id, 'ban')).json()).status,
    ).toBe('banned');
    await disconnected;
    await left;
    expect((await get(a.token, '/meet/conversations')).statusCode).toBe(401);

    // Signing in again is refused with its own code, in the caller's language.
    const login = (language: string) =>
      server.t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-fp': 'fp-test-device', 'accept-language': language },
        payload: { email: a.email, password: a.password },
      });
    const refused = await login('en');
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({
      code: 'ACCOUNT_BANNED',
      message: expect.stringMatching(/banned by a moderator/),
    });
    expect(errorBodySchema.parse((await login('ru')).json()).message).toMatch(
      /заблокирован модератором/,
    );
    // A wrong password still says only that, so the ban is no oracle for the address.
    const wrong = await server.t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-fp': 'fp-test-device' },
      payload: { email: a.email, password: 'Wrong-Password-42' },
    });
    expect(errorBodySchema.parse(wrong.json()).code).toBe('UNAUTHORIZED');
    // The banned user's sessions are all gone: no new one was opened by the refused logins.
    const [open] = (
      await server.t.db.execute<{ count: number }>(
        sql`select count(*)::int as count from sessions where user_id = ${a.id} and revoked_at is null`,
      )
    ).rows;
    expect(open?.count).toBe(0);
  });
});

describe('meet: chat limits', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_IP: '1000',
      MEET_CHAT_PER_MINUTE: '3',
      MEET_NEW_CONVERSATIONS_PER_HOUR: '1',
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('limits messages a minute and new conversations an hour', async () => {
    const here = { lat: 52.52, lon: 13.4 };
    const a = await meetUser(t.app, t.db);
    const sa = await openSocket(url, a.token);
    const others = [];
    for (let i = 0; i < 2; i++) {
      const user = await meetUser(t.app, t.db);
      const socket = await openSocket(url, user.token);
      await ok(socket, 'hand:raise', { mood: 'business' });
      await ok(socket, 'position', fix(here.lat + 0.001 * (i + 1), here.lon));
      others.push({ ...user, socket });
    }
    try {
      expect(
        (await ok<MapSnapshot>(sa, 'map:watch', { ...here, radiusM: 2000 })).hands,
      ).toHaveLength(2);
      const send = (to: number, text: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/meet/conversations/${to}/messages`,
          headers: bearer(a.token),
          payload: { clientId: clientId(), text },
        });
      const [b, c] = others as [(typeof others)[0], (typeof others)[0]];
      expect((await send(b.id, 'one')).statusCode).toBe(200);
      const secondConversation = await send(c.id, 'hello');
      expect(secondConversation.statusCode).toBe(429);
      expect(errorBodySchema.parse(secondConversation.json()).message).toMatch(/at most 1 new/);
      expect((await send(b.id, 'two')).statusCode).toBe(200);
      expect((await send(b.id, 'three')).statusCode).toBe(200);
      const fourth = await send(b.id, 'four');
      expect(fourth.statusCode).toBe(429);
      expect(errorBodySchema.parse(fourth.json()).code).toBe('RATE_LIMITED');
    } finally {
      sa.disconnect();
      for (const other of others) other.socket.disconnect();
    }
  });
});
