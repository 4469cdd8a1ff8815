import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@meeet/core/api/meet';
import type { Meeting, MeetingProgress, ProximityTokensResponse } from '@meeet/core/api/meetings';
import type { MapDiff, MapSnapshot } from '@meeet/core/api/realtime';
import type { Database } from './db/client.ts';
import type { Chain } from './modules/chain/chain.client.ts';
import { marketPurchases } from './modules/market/market.schema.ts';
import { mintStock } from './modules/market/market.service.ts';
import { fundAddress } from './modules/wallet/wallet.service.ts';
import { users } from './modules/users/users.schema.ts';
import { chainCursors, chainTransactions } from './modules/wallet/wallet.schema.ts';
import { PASSWORD, uniqueEmail } from '../test/accounts.ts';
import {
  ack,
  LEADER_RETRY_MS,
  meetUserOn,
  startStack,
  until,
  within,
  type ClientSocket,
  type Registered,
  type ServerProcess,
  type Stack,
} from '../test/server-process.ts';
import { handshakeProof } from '@meeet/core/rules/handshake-proof';

/** A phone's pace: the server takes at most one ping a second from each user. */
const PING_EVERY_MS = 1_200;

describe('two server processes on one PostgreSQL and one Redis', () => {
  let chain: Chain;
  let db: Database;
  let stack: Stack;
  let servers: ServerProcess[];
  let env: Record<string, string>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    stack = await startStack(['one', 'two'], {
      // Meetings on a short clock: 3-second minutes, 3 of 4 to count, gaps of 1.
      MEETINGS_MINUTE_MS: '3000',
      MEETINGS_WINDOW_MINUTES: '4',
      MEETINGS_MIN_MINUTES: '3',
      MEETINGS_MAX_GAP_MINUTES: '1',
    });
    ({ chain, db, servers, env } = stack);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stack?.close();
  }, 30_000);

  function leaderAndFollower(): [ServerProcess, ServerProcess] {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    return one.elections() > 0 ? [one, two] : [two, one];
  }

  async function depositCount(userId: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, userId), eq(chainTransactions.type, 'INPUT')));
    return row?.count ?? 0;
  }

  /** A user on `server` who may raise a hand: complete profile, confirmed e-mail. */
  const meetUser = (server: ServerProcess, name: string, fingerprint?: string) =>
    meetUserOn(db, server, name, fingerprint);

  /**
   * `user` buys a Silver token through `server` and bought it over a day ago, so a meeting
   * passes the mint rules' check at its start (a pair that could never mint does not start).
   */
  async function silverHolder(server: ServerProcess, user: Registered, fingerprint: string) {
    const wallet = await server.api<{ address: Address }>(
      'GET',
      '/crypto/wallet',
      undefined,
      user.token,
      fingerprint,
    );
    await fundAddress(chain, wallet.address, { usdt: 100n * 10n ** 18n, bnb: 10n ** 18n });
    await until(async () => (await depositCount(user.user.id)) > 0, 30_000);
    await mintStock(db, chain, 0, 1);
    await server.api('POST', '/crypto/nft/buy', { level: 0 }, user.token, fingerprint, {
      'idempotency-key': randomUUID(),
    });
    const bought = and(
      eq(marketPurchases.userId, user.user.id),
      eq(marketPurchases.status, 'completed'),
    );
    await until(async () => (await db.select().from(marketPurchases).where(bought)).length, 40_000);
    await db
      .update(marketPurchases)
      .set({ updatedAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(bought);
  }

  /** Starts or lifts `user`'s device lock (as a sign-in on a new phone or a moderator would). */
  const setLock = (user: Registered, until: Date | null) =>
    db.update(users).set({ deviceLockUntil: until }).where(eq(users.id, user.user.id));

  /** A ping of `who`'s phone beside the partner's, hearing the partner's token near. */
  /** A ping, sent again while the leader refuses it (it takes one a second from each user). */
  const ping = (server: ServerProcess, who: Registered, fp: string, heard: string, north = 0) =>
    vi.waitFor(
      () =>
        server.api(
          'POST',
          '/meetings/ping',
          {
            t: Date.now(),
            lat: 52.52 + north / 111_320,
            lon: 13.405,
            accuracy: 5,
            speed: 0,
            simulated: false,
            heard: [{ token: heard, rssi: -50 }],
          },
          who.token,
          fp,
        ),
      { timeout: 5_000, interval: 100 },
    );

  it('shares the meet map and chat: a hand raised on one reaches a watcher on the other, and a message crosses', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const here = { lat: 52.52, lon: 13.405 };
    const raiser = await meetUser(one, 'raiser');
    const watcher = await meetUser(two, 'watcher');
    const raiserOnOne = await one.socket(raiser.token);
    const raiserOnTwo = await two.socket(raiser.token);
    const watcherOnTwo = await two.socket(watcher.token);
    sockets.push(raiserOnOne, raiserOnTwo, watcherOnTwo);

    // The watcher watches on process two before the hand exists anywhere.
    const empty = await ack<MapSnapshot>(watcherOnTwo, 'map:watch', { ...here, radiusM: 1000 });
    expect(empty.hands).toEqual([]);
    const joined = new Promise<MapDiff>((resolve) =>
      watcherOnTwo.on('map:diff', (diff) => {
        if (diff.upsert.some((h) => h.userId === raiser.user.id)) resolve(diff);
      }),
    );
    await ack(raiserOnOne, 'hand:raise', { mood: 'business' });
    await ack(raiserOnOne, 'position', { ...here, accuracy: 10, at: Date.now() });
    const diff = await within(joined, 'map diff on the other process');
    expect(diff.upsert[0]).toMatchObject({ userId: raiser.user.id, mood: 'business' });
    // A fresh watch on process two reads the shared store.
    const snapshot = await ack<MapSnapshot>(watcherOnTwo, 'map:watch', {
      ...here,
      radiusM: 1000,
    });
    expect(snapshot.hands.map((h) => h.userId)).toEqual([raiser.user.id]);
    // Ghost mode switched on process two hides the hand raised on process one.
    const left = new Promise((resolve) =>
      watcherOnTwo.on('map:diff', (d) => {
        if (d.left.includes(raiser.user.id)) resolve(d);
      }),
    );
    await ack(raiserOnTwo, 'hand:ghost', { ghost: true });
    await within(left, 'ghost on the other process');

    // Seen on process two, written to through process one: the message reaches the
    // recipient's device on process two.
    const delivered = new Promise<ChatMessage>((resolve) =>
      raiserOnTwo.on('chat:message', resolve),
    );
    const sent = await one.api<ChatMessage>(
      'POST',
      `/meet/conversations/${raiser.user.id}/messages`,
      { clientId: 'two-processes-1', text: 'hello across processes' },
      watcher.token,
    );
    expect(await within(delivered, 'chat message on the other process')).toEqual(sent);
  }, 60_000);

  it('scores meetings in one process while the two users shake hands and ping on different ones', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    // One of the two scores meetings; the other carries its calls there.
    await until(() => servers.some((server) => server.elections('meeet:meetings') > 0));
    expect(servers.filter((server) => server.elections('meeet:meetings') > 0)).toHaveLength(1);
    const fpA = 'fp-meeting-a';
    const fpB = 'fp-meeting-b';
    const a = await meetUser(one, 'meeta', fpA);
    const b = await meetUser(two, 'meetb', fpB);
    await silverHolder(one, a, fpA);
    await silverHolder(two, b, fpB);
    const socketA = await one.socket(a.token, fpA);
    const socketB = await two.socket(b.token, fpB);
    sockets.push(socketA, socketB);
    const progress: Record<string, MeetingProgress[]> = { a: [], b: [] };
    const updates: Record<string, Meeting[]> = { a: [], b: [] };
    socketA.on('meeting:progress', (p) => progress.a!.push(p));
    socketB.on('meeting:progress', (p) => progress.b!.push(p));
    socketA.on('meeting:updated', (m) => updates.a!.push(m));
    socketB.on('meeting:updated', (m) => updates.b!.push(m));

    // Each phone's tokens come from a different process; each half of the Bluetooth
    // handshake goes to the other one.
    const tokensA = await one.api<ProximityTokensResponse>(
      'POST',
      '/meetings/proximity-tokens',
      undefined,
      a.token,
      fpA,
    );
    const tokensB = await two.api<ProximityTokensResponse>(
      'POST',
      '/meetings/proximity-tokens',
      undefined,
      b.token,
      fpB,
    );
    const ownA = tokensA.tokens[0]!.token;
    const ownB = tokensB.tokens[0]!.token;
    const half = await two.api<{ meeting: Meeting | null }>(
      'POST',
      '/meetings/handshake',
      {
        method: 'ble',
        phase: 'start',
        partnerToken: ownB,
        proof: handshakeProof(tokensA.handshakeKey, 'start', ownA, ownB),
      },
      a.token,
      fpA,
    );
    expect(half.meeting).toBeNull();
    const started = await one.api<{ meeting: Meeting }>(
      'POST',
      '/meetings/handshake',
      {
        method: 'ble',
        phase: 'start',
        partnerToken: ownA,
        proof: handshakeProof(tokensB.handshakeKey, 'start', ownB, ownA),
      },
      b.token,
      fpB,
    );
    expect(started.meeting).toMatchObject({ method: 'ble', status: 'active' });
    const meetingId = started.meeting.id;
    // A lock that begins during the meeting: the rules are asked again when it completes.
    await setLock(a, new Date(Date.now() + 3_600_000));

    // Side by side, each phone hearing the other; every ping goes to the other process than
    // the previous one. The leader scores them all and pushes to both sockets.
    let turn = 0;
    /** Both phones ping, at a phone's pace and through alternating processes, until `done`. */
    const pingInTurns = (done: () => boolean | Promise<boolean>) =>
      until(
        async () => {
          if (await done()) return true;
          const [here, there] = turn++ % 2 === 0 ? [one, two] : [two, one];
          await ping(here, a, fpA, ownB);
          await ping(there, b, fpB, ownA, 1);
          return false;
        },
        40_000,
        PING_EVERY_MS,
      );
    await pingInTurns(() => updates.a!.some((m) => m.id === meetingId && m.status !== 'active'));
    for (const who of ['a', 'b'] as const) {
      expect(progress[who]!.some((p) => p.meetingId === meetingId)).toBe(true);
      await until(() => updates[who]!.find((m) => m.id === meetingId && m.status !== 'active'));
      expect(updates[who]!.at(-1)).toMatchObject({
        id: meetingId,
        status: 'completed',
        outcome: 'refused',
        reasons: ['device-locked'],
      });
    }
    // Either process reads the same outcome.
    const seenOnTwo = await two.api<Meeting>(
      'GET',
      `/meetings/${meetingId}`,
      undefined,
      a.token,
      fpA,
    );
    expect(seenOnTwo).toMatchObject({ status: 'completed', outcome: 'refused' });
    expect(seenOnTwo.minutesCounted).toBeGreaterThanOrEqual(3);

    // A code meeting: started through one process, ended through the other. The end
    // handshake is decided by the leader, wherever it arrives. The lock is lifted for the
    // start (a locked pair would be refused before it) and begins again during it.
    await setLock(a, null);
    const code = await one.api<{ code: string }>(
      'POST',
      '/meetings/handshake/code',
      undefined,
      a.token,
      fpA,
    );
    const second = await two.api<{ meeting: Meeting }>(
      'POST',
      '/meetings/handshake',
      { method: 'code', code: code.code },
      b.token,
      fpB,
    );
    const active = await one.api<{ active: Meeting | null }>(
      'GET',
      '/meetings/status',
      undefined,
      a.token,
      fpA,
    );
    expect(active.active).toMatchObject({ id: second.meeting.id, status: 'active' });
    await setLock(a, new Date(Date.now() + 3_600_000));
    await pingInTurns(async () => {
      const now = await two.api<Meeting>(
        'GET',
        `/meetings/${second.meeting.id}`,
        undefined,
        b.token,
        fpB,
      );
      return now.minutesCounted >= 3;
    });
    const endCode = await two.api<{ phase: string; qr: string }>(
      'POST',
      '/meetings/handshake/code',
      undefined,
      b.token,
      fpB,
    );
    expect(endCode.phase).toBe('end');
    const ended = await one.api<{ meeting: Meeting }>(
      'POST',
      '/meetings/handshake',
      { method: 'qr', payload: endCode.qr },
      a.token,
      fpA,
    );
    expect(ended.meeting).toMatchObject({
      id: second.meeting.id,
      status: 'completed',
      outcome: 'refused',
      reasons: ['device-locked'],
    });
  }, 180_000);

  it('runs the workers on exactly one, carries events and revocations across, and hands over when the leader dies', async () => {
    // One leader, and only one, while both run.
    await until(() => servers.some((server) => server.elections() > 0));
    const [leader, follower] = leaderAndFollower();
    expect(follower.elections()).toBe(0);

    // A user signs up on the follower and keeps a socket open there.
    const email = uniqueEmail('two');
    const { token, user } = await follower.api<Registered>('POST', '/user/register', {
      email,
      password: PASSWORD,
      acceptTerms: true,
    });
    const wallet = await follower.api<{ address: Address }>(
      'GET',
      '/crypto/wallet',
      undefined,
      token,
    );
    const onFollower = await follower.socket(token);
    sockets.push(onFollower);

    // The leader's deposit watcher records the deposit once; its wallet event reaches the
    // socket on the follower through the Redis adapter.
    await until(async () =>
      (await db.select().from(chainCursors)).some((c) => c.name === 'deposits'),
    );
    const firstEvent = new Promise((resolve) =>
      onFollower.on('wallet', (event) => {
        if (event.type === 'INPUT') resolve(event);
      }),
    );
    await fundAddress(chain, wallet.address, { usdt: 5n * 10n ** 18n, bnb: 0n });
    await within(firstEvent, 'wallet event on the follower');
    expect(await depositCount(user.id)).toBe(1);

    // A session revoked on the follower closes its socket on the leader.
    const second = await follower.api<Registered>('POST', '/user/login', {
      email,
      password: PASSWORD,
    });
    const onLeader = await leader.socket(second.token);
    sockets.push(onLeader);
    const closed = new Promise<string>((resolve) => onLeader.once('disconnect', resolve));
    await follower.api('POST', '/user/logout', undefined, second.token);
    expect(await within(closed, 'revoked socket on the leader')).toBe('io server disconnect');

    // Several more watcher passes on both: still one row.
    const cursorNow = async () =>
      (await db.select().from(chainCursors)).find((c) => c.name === 'deposits')?.block;
    const seen = await cursorNow();
    await fundAddress(chain, chain.keys.hot.address, { usdt: 0n, bnb: 1n });
    await until(async () => (await cursorNow()) !== seen);
    expect(await depositCount(user.id)).toBe(1);

    // The leader dies without a goodbye; the follower takes the workers over within seconds.
    const killedAt = Date.now();
    await leader.kill('SIGKILL');
    await until(() => follower.elections() > 0, 10_000);
    const electedAt = Date.now();
    expect(electedAt - killedAt).toBeLessThan(LEADER_RETRY_MS * 10);

    const secondEvent = new Promise((resolve) =>
      onFollower.on('wallet', (event) => {
        if (event.type === 'INPUT') resolve(event);
      }),
    );
    await fundAddress(chain, wallet.address, { usdt: 7n * 10n ** 18n, bnb: 0n });
    await within(secondEvent, 'wallet event from the new leader');
    expect(await depositCount(user.id)).toBe(2);
  }, 60_000);

  it('a new meetings leader takes up a running meeting with the minutes it had counted', async () => {
    // What is left of the last test: one process, which leads. A third one joins.
    const survivor = servers.find(
      (server) => server.child.exitCode === null && server.child.signalCode === null,
    )!;
    await until(() => survivor.elections('meeet:meetings') > 0);
    const three = await stack.spawn('three');
    await three.ready();
    expect(three.elections('meeet:meetings')).toBe(0);

    const fpC = 'fp-meeting-c';
    const fpD = 'fp-meeting-d';
    const c = await meetUser(three, 'meetc', fpC);
    const d = await meetUser(three, 'meetd', fpD);
    await silverHolder(three, c, fpC);
    await silverHolder(three, d, fpD);
    const socketD = await three.socket(d.token, fpD);
    sockets.push(socketD);
    const progress: MeetingProgress[] = [];
    const updates: Meeting[] = [];
    socketD.on('meeting:progress', (p) => progress.push(p));
    socketD.on('meeting:updated', (m) => updates.push(m));
    const tokensC = await three.api<ProximityTokensResponse>(
      'POST',
      '/meetings/proximity-tokens',
      undefined,
      c.token,
      fpC,
    );
    const tokensD = await survivor.api<ProximityTokensResponse>(
      'POST',
      '/meetings/proximity-tokens',
      undefined,
      d.token,
      fpD,
    );
    const ownC = tokensC.tokens[0]!.token;
    const ownD = tokensD.tokens[0]!.token;
    for (const [who, fp, key, own, partner] of [
      [c, fpC, tokensC.handshakeKey, ownC, ownD],
      [d, fpD, tokensD.handshakeKey, ownD, ownC],
    ] as const) {
      await three.api(
        'POST',
        '/meetings/handshake',
        {
          method: 'ble',
          phase: 'start',
          partnerToken: partner,
          proof: handshakeProof(key, 'start', own, partner),
        },
        who.token,
        fp,
      );
    }
    const status = await three.api<{ active: Meeting | null }>(
      'GET',
      '/meetings/status',
      undefined,
      d.token,
      fpD,
    );
    const meetingId = status.active!.id;
    await setLock(c, new Date(Date.now() + 3_600_000));

    // Under the first leader: minute 0 counts, minute 1 has no pings (a gap of one, allowed),
    // minute 2 counts…
    const startedAt = Date.parse(status.active!.startedAt);
    const minuteMs = Number(env.MEETINGS_MINUTE_MS);
    const pingUntil = (done: () => boolean) =>
      until(
        async () => {
          if (done()) return true;
          await ping(three, c, fpC, ownD);
          await ping(three, d, fpD, ownC, 1);
          return done();
        },
        40_000,
        PING_EVERY_MS,
      );
    const counted = (n: number) => () =>
      progress.some((p) => p.meetingId === meetingId && p.minutesCounted >= n);
    await pingUntil(counted(1));
    expect(Date.now() - startedAt).toBeLessThan(minuteMs);
    // Minute 1 passes without pings: the phones speak again once minute 2 has begun. (The
    // bound is generous: on a busy machine the poll's timer may fire late.)
    await until(() => Date.now() >= startedAt + 2 * minuteMs + 100, 3 * minuteMs + 10_000);
    await pingUntil(counted(2));
    expect(progress.at(-1)).toMatchObject({ minutesCounted: 2, elapsedMinutes: 2 });
    // …then it dies. A new leader without those minutes would see two empty minutes (a gap
    // too long) and fail the meeting; with them, one more minute completes it.
    await survivor.kill('SIGKILL');
    await pingUntil(() => updates.some((m) => m.id === meetingId && m.status !== 'active'));
    expect(three.elections('meeet:meetings')).toBe(1);
    expect(updates.at(-1)).toMatchObject({
      id: meetingId,
      status: 'completed',
      outcome: 'refused',
      reasons: ['device-locked'],
    });
    expect(updates.at(-1)!.minutesCounted).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
