import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { HttpRequestError, parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { HANDSHAKE_QR_ROTATE_MS, type Meeting, type MeetingReason } from '@meeet/core/api/meetings';
import type { MeetingRefused } from '@meeet/core/api/realtime';
import { bearer, PASSWORD, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, usdtBalance, type TestChain, settleLedger } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { kycVerifications } from '../kyc/kyc.schema.ts';
import { marketPurchases } from '../market/market.schema.ts';
import { MarketService, mintStock } from '../market/market.service.ts';
import { MarketWatcher } from '../market/market-watcher.ts';
import { call, openSocket, type ClientSocket } from '../meet/meet.test-support.ts';
import { makeRole } from '../media/media.test-support.ts';
import { referralMeetings } from '../referral/referral.schema.ts';
import { users } from '../users/users.schema.ts';
import { DepositWatcher } from '../wallet/deposit-watcher.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import type { FirstMeet } from './meetings-events.ts';
import { meetings as meetingRows } from './meetings.schema.ts';
import { meetingsCount } from './meetings.service.ts';
import { handshakeProof } from '@meeet/core/rules/handshake-proof';

// Two users meet through the code exchange (the web build's way: no Bluetooth) on a played
// clock: the window is 3 minutes with 2 to count and gaps of 1, so a meeting takes an instant.
// The chain is a real anvil with the real contracts; purchases and mints are real transactions.

const USDT = (text: string) => parseUnits(text, 18);
const HOUR = 3_600_000;
const SPOT = { lat: 52.52, lon: 13.405 };

interface Member {
  id: number;
  token: string;
  fp: string;
  email: string;
  address: Address;
}

describe('meetings on a real chain', () => {
  let t: TestApp;
  let c: TestChain;
  let watcher: MarketWatcher;
  let deposits: DepositWatcher;
  let url: string;
  let now = Date.now();
  let crashNext = false;
  const firstMeets: FirstMeet[] = [];

  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, who?: Member, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${path}`,
      headers: who ? bearer(who.token, who.fp) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Runs the sender and the watchers until nothing is open (instant mining). */
  async function settle(): Promise<void> {
    await settleLedger(t, [watcher, deposits]);
  }

  let fpCounter = 0;
  /** A user who may meet (confirmed e-mail, complete profile) on a device of their own. */
  async function member(
    fp = `fp-meet-${++fpCounter}-${randomUUID().slice(0, 8)}`,
  ): Promise<Member> {
    const user = await registerUser(t.app, {}, { 'x-fp': fp });
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-update',
      headers: bearer(user.token, fp),
      payload: {
        firstName: 'Mia',
        lastName: 'Meets',
        domain: `meet${Date.now().toString(36)}${fpCounter}`,
        gender: 1,
        bdate: '1990-05-17T00:00:00.000Z',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.user.id));
    return {
      id: user.user.id,
      token: user.token,
      fp,
      email: user.user.email,
      address: c.chain.keys.depositAccount(user.user.id).address,
    };
  }

  async function approveKyc(userId: number, maxNftType: number) {
    await t.db
      .insert(kycVerifications)
      .values({
        userId,
        status: 'approved',
        maxNftType,
        submittedAt: new Date(),
        decidedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: kycVerifications.userId,
        set: { status: 'approved', maxNftType },
      });
    await t.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, userId));
  }

  /** A member holding a token of `level`, bought from genesis stock; `fresh`: bought just now. */
  async function holder(level: 0 | 1 = 0, options: { fresh?: boolean; fp?: string } = {}) {
    const m = await member(options.fp);
    if (level > 0) await approveKyc(m.id, level);
    expect((await api('GET', '/crypto/market', m)).statusCode).toBe(200);
    await fundAddress(c.chain, m.address, {
      usdt: USDT(level ? '1000' : '100'),
      bnb: parseEther('1'),
    });
    await mintStock(t.db, c.chain, level, 1);
    await settle();
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...bearer(m.token, m.fp), 'idempotency-key': randomUUID() },
      payload: { level },
    });
    expect(bought.statusCode, bought.body).toBe(202);
    await settle();
    const [purchase] = await t.db
      .select()
      .from(marketPurchases)
      .where(eq(marketPurchases.userId, m.id));
    expect(purchase?.status).toBe('completed');
    if (!options.fresh) {
      await t.db
        .update(marketPurchases)
        .set({ updatedAt: new Date(Date.now() - 2 * 24 * HOUR) })
        .where(eq(marketPurchases.userId, m.id));
    }
    return m;
  }

  async function ping(who: Member, offsetM = 0, extra: Record<string, unknown> = {}) {
    const response = await api('POST', '/meetings/ping', who, {
      t: now,
      lat: SPOT.lat + offsetM / 111_320,
      lon: SPOT.lon,
      accuracy: 5,
      speed: 0,
      simulated: false,
      heard: [],
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /**
   * A starts (shows a code, B sends it), both ping side by side for `minutes`, then B shows
   * the end code and A scans its QR. Returns the meeting as A sees it after the end handshake.
   */
  async function meet(a: Member, b: Member, minutes = 3): Promise<Meeting> {
    const start = await api('POST', '/meetings/handshake/code', a);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ phase: 'start', meetingId: null });
    const started = await api('POST', '/meetings/handshake', b, {
      method: 'code',
      code: start.json().code,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().meeting).toMatchObject({ status: 'active', method: 'code' });
    for (let s = 0; s < minutes * 60; s += 30) {
      await ping(a);
      await ping(b, 2);
      now += 30_000;
    }
    const end = await api('POST', '/meetings/handshake/code', b);
    if (end.json().phase === 'start') {
      // The detector ended it already (a void): there is nothing left to end.
      now += 60_000;
      return outcomeOf(a, started.json().meeting.id as number);
    }
    expect(end.json()).toMatchObject({ phase: 'end', meetingId: started.json().meeting.id });
    const ended = await api('POST', '/meetings/handshake', a, {
      method: 'qr',
      payload: end.json().qr,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    now += 60_000;
    return ended.json().meeting as Meeting;
  }

  async function outcomeOf(who: Member, id: number): Promise<Meeting> {
    const response = await api('GET', `/meetings/${id}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Meeting;
  }

  const meetingsOfPair = (a: Member, b: Member) =>
    t.db
      .select({ id: meetingRows.id })
      .from(meetingRows)
      .where(
        and(
          eq(meetingRows.userA, Math.min(a.id, b.id)),
          eq(meetingRows.userB, Math.max(a.id, b.id)),
        ),
      );

  /**
   * Say no before, not after: A shows a start code, B sends it (or `propose` does the
   * handshake); the answer is 422 with the reasons, both hear `meeting:refused` at once, and
   * no meeting row exists.
   */
  async function refusedAtStart(
    a: Member,
    b: Member,
    reasons: MeetingReason[],
    propose?: () => ReturnType<typeof api>,
  ): Promise<void> {
    const sockets = await Promise.all([openSocket(url, a.token), openSocket(url, b.token)]);
    const heard = sockets.map(
      (socket) => new Promise<MeetingRefused>((resolve) => socket.once('meeting:refused', resolve)),
    );
    try {
      const rowsBefore = (await meetingsOfPair(a, b)).length;
      let answer;
      if (propose) answer = await propose();
      else {
        const code = await api('POST', '/meetings/handshake/code', a);
        expect(code.json()).toMatchObject({ phase: 'start' });
        answer = await api('POST', '/meetings/handshake', b, {
          method: 'code',
          code: code.json().code,
        });
      }
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({
        code: 'MEETING_CANNOT_MINT',
        details: { reasons: reasons.join(',') },
        message: expect.stringContaining('No meeting started'),
      });
      const [toA, toB] = await Promise.all(heard);
      expect(toA).toEqual({ reasons, partner: expect.objectContaining({ userId: b.id }) });
      expect(toB).toEqual({ reasons, partner: expect.objectContaining({ userId: a.id }) });
      expect(await meetingsOfPair(a, b)).toHaveLength(rowsBefore);
      for (const who of [a, b]) {
        expect((await api('GET', '/meetings/status', who)).json().active).toBeNull();
      }
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  }

  async function minted(who: Member, id: number): Promise<Meeting> {
    let meeting: Meeting | undefined;
    await vi.waitFor(
      async () => {
        meeting = await outcomeOf(who, id);
        expect(meeting.outcome).toBe('minted');
      },
      { timeout: 30_000, interval: 100 },
    );
    return meeting!;
  }

  const generateRows = (userId: number) =>
    t.db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, userId), eq(chainTransactions.type, 'GENERATE')));

  async function mintsOfPair(a: Member, b: Member): Promise<bigint[]> {
    const logs = await c.chain.publicClient.getContractEvents({
      address: c.chain.contracts.token!,
      abi: MeeetTokenAbi,
      eventName: 'TokenMinted',
      fromBlock: 0n,
    });
    const pair = new Set([a.address.toLowerCase(), b.address.toLowerCase()]);
    return logs
      .filter(
        (log) =>
          pair.has(log.args.generatorA!.toLowerCase()) &&
          pair.has(log.args.generatorB!.toLowerCase()),
      )
      .map((log) => log.args.tokenId!);
  }

  beforeAll(async () => {
    t = await createTestApp(
      {
        AUTH_RATE_LIMIT_PER_IP: '100000',
        LOGIN_RATE_LIMIT_PER_IP: '100000',
        MEETINGS_WINDOW_MINUTES: '3',
        MEETINGS_MIN_MINUTES: '2',
        MEETINGS_MAX_GAP_MINUTES: '1',
        MEETINGS_FIRST_MINT_DELAY_SECONDS: '86400',
        DEVICE_LOCK_SECONDS: String(72 * 3600),
      },
      {
        meetingsClock: () => now,
        afterMintSent: () => {
          if (!crashNext) return;
          crashNext = false;
          throw new Error('crash between the chain send and the record');
        },
      },
    );
    c = await attachTestChain(t);
    watcher = new MarketWatcher(t.db, c.chain, t.app.log, (row) => t.app.chain.notify(row));
    await watcher.tick();
    deposits = new DepositWatcher(t.db, c.chain, t.app.log);
    await deposits.tick();
    t.app.meetingEvents.onFirstMeet(async (_tx, event) => {
      firstMeets.push(event);
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  let silverA: Member;
  let silverB: Member;
  let firstMeeting: Meeting;

  it('two Silver holders meet: a Silver token is minted with both as generators, GENERATE rows, events', async () => {
    silverA = await holder(0);
    silverB = await holder(0);
    const socket: ClientSocket = await openSocket(url, silverA.token);
    const seen: { event: string; payload: unknown }[] = [];
    for (const event of [
      'meeting:started',
      'meeting:progress',
      'meeting:updated',
      'notification',
      'wallet',
    ] as const) {
      (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload) =>
        seen.push({ event, payload }),
      );
    }
    try {
      // The socket's ping answers through its acknowledgement.
      const answer = await call(socket, 'meeting:ping', {
        t: now,
        lat: SPOT.lat,
        lon: SPOT.lon,
        accuracy: 5,
      });
      expect(answer).toEqual({ ok: true, progress: null, candidates: [] });
      now += 1000;

      const ended = await meet(silverA, silverB);
      expect(ended).toMatchObject({
        status: 'completed',
        partner: { userId: silverB.id, firstName: 'Mia', levels: [0] },
        level: 0,
        reasons: [],
        minutesNeeded: 2,
      });
      expect(['minting', 'minted']).toContain(ended.outcome);
      firstMeeting = await minted(silverA, ended.id);
      expect(firstMeeting.token).toMatchObject({ name: `Silver #${firstMeeting.token!.id}` });
      expect((await outcomeOf(silverB, ended.id)).token).toEqual(firstMeeting.token);

      const nft = (await api('GET', `/crypto/market/nft/${firstMeeting.token!.id}`)).json();
      expect(nft).toMatchObject({ type: 0, owner: { market: true } });
      expect(nft.generators.map((g: { userId: number }) => g.userId).sort()).toEqual(
        [silverA.id, silverB.id].sort(),
      );

      const rowsA = await generateRows(silverA.id);
      const rowsB = await generateRows(silverB.id);
      expect(rowsA).toHaveLength(1);
      expect(rowsB).toHaveLength(1);
      expect(rowsA[0]).toMatchObject({ status: 'CONFIRMED', amount: '0' });
      expect(rowsA[0]!.hash).toBe(rowsB[0]!.hash);
      const history = (await api('GET', '/crypto/transaction', silverA)).json();
      expect(JSON.stringify(history)).toContain('GENERATE');

      expect(firstMeets.map((e) => e.userId).sort()).toEqual([silverA.id, silverB.id].sort());
      expect(firstMeets[0]).toMatchObject({ meetingId: ended.id, level: 0 });
      // The referral programme counts the minted meeting for both (its tree's meetings column).
      const counted = await t.db
        .select({ userId: referralMeetings.userId })
        .from(referralMeetings)
        .where(eq(referralMeetings.eventRef, String(ended.id)));
      expect(counted.map((row) => row.userId).sort()).toEqual([silverA.id, silverB.id].sort());

      await vi.waitFor(() => {
        const events = seen.map((s) => s.event);
        expect(events).toContain('meeting:started');
        expect(events).toContain('meeting:progress');
        expect(events).toContain('wallet');
        const updated = seen
          .filter((s) => s.event === 'meeting:updated')
          .map((s) => s.payload as Meeting);
        expect(updated.at(-1)).toMatchObject({ outcome: 'minted', token: firstMeeting.token });
        const texts = seen
          .filter((s) => s.event === 'notification')
          .map((s) => (s.payload as { text: string }).text);
        expect(
          texts.some((text) =>
            text.includes('goes on sale on the market. Each time it sells, you two share 40%'),
          ),
        ).toBe(true);
      });
    } finally {
      socket.disconnect();
    }

    const list = (await api('GET', '/meetings', silverA)).json();
    expect(list).toMatchObject({ total: 1, list: [{ id: firstMeeting.id, outcome: 'minted' }] });
    const status = (await api('GET', '/meetings/status', silverA)).json();
    expect(status).toMatchObject({
      active: null,
      meetingsCount: 1,
      deviceLock: { locked: false, remainingMs: 0 },
      denial: { denied: false, meetingsLeft: null, annulled: false },
    });
  }, 120_000);

  it('when the minted token sells, its generators get 40% of the price (20 USDT each)', async () => {
    const beforeA = await usdtBalance(c.chain, silverA.address);
    const beforeB = await usdtBalance(c.chain, silverB.address);
    const buyer = await member();
    await api('GET', '/crypto/market', buyer);
    await fundAddress(c.chain, buyer.address, { usdt: USDT('100'), bnb: parseEther('1') });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...bearer(buyer.token, buyer.fp), 'idempotency-key': randomUUID() },
      payload: { level: 0 },
    });
    expect(bought.statusCode, bought.body).toBe(202);
    await settle();
    const nft = (await api('GET', `/crypto/market/nft/${firstMeeting.token!.id}`, buyer)).json();
    expect(nft.owner).toMatchObject({ userId: buyer.id, mine: true });
    expect((await usdtBalance(c.chain, silverA.address)) - beforeA).toBe(USDT('20'));
    expect((await usdtBalance(c.chain, silverB.address)) - beforeB).toBe(USDT('20'));
  }, 60_000);

  it('the same pair proposing again: refused at the start, "pair-already-minted"', async () => {
    await refusedAtStart(silverA, silverB, ['pair-already-minted']);
    // The code was used up by the refusal: the issuer's next code is a fresh start code.
    expect((await api('POST', '/meetings/handshake/code', silverA)).json().phase).toBe('start');
    expect(await mintsOfPair(silverA, silverB)).toHaveLength(1);
  }, 60_000);

  it("the refusal speaks the caller's language and never says which of the two it concerns", async () => {
    const code = await api('POST', '/meetings/handshake/code', silverB);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/meetings/handshake',
      headers: { ...bearer(silverA.token, silverA.fp), 'x-locale': 'ru' },
      payload: { method: 'code', code: code.json().code },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(
      'Встреча не началась: она не смогла бы выпустить токен (вы уже выпускали токен вместе)',
    );
  }, 30_000);

  it('no shared level: refused at the start with its reason, shown to both, nothing starts', async () => {
    const a = await holder(0);
    const plain = await member();
    await refusedAtStart(a, plain, ['no-shared-level']);
    // Either way round.
    await refusedAtStart(plain, a, ['no-shared-level']);
    expect(await generateRows(a.id)).toHaveLength(0);
    expect(await mintsOfPair(a, plain)).toHaveLength(0);
  }, 60_000);

  it('a first purchase less than 24 h ago: "first-purchase-too-recent"', async () => {
    const old = await holder(0);
    const fresh = await holder(0, { fresh: true });
    await refusedAtStart(old, fresh, ['first-purchase-too-recent']);
    expect(await mintsOfPair(old, fresh)).toHaveLength(0);
  }, 60_000);

  it('one phone carrying two accounts: the meeting is void, "same-device"', async () => {
    const a = await holder(0, { fp: 'fp-shared-phone' });
    const b = await holder(0, { fp: 'fp-shared-phone' });
    const meeting = await meet(a, b);
    expect(meeting).toMatchObject({ outcome: 'not_proven', reasons: ['same-device'] });
    expect(await mintsOfPair(a, b)).toHaveLength(0);
  }, 60_000);

  it('two accounts that once signed in on one computer: no reason to refuse, the pair mints', async () => {
    const a = await holder(0, { fp: 'fp-shared-computer' });
    const b = await holder(0);
    // B once signed in on A's computer: that starts no lock and refuses nothing.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-fp': 'fp-shared-computer' },
      payload: { email: b.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.deviceLock).toBeNull();
    const meeting = await meet(a, b);
    expect(meeting.reasons).toEqual([]);
    await minted(b, meeting.id);
    expect(await mintsOfPair(a, b)).toHaveLength(1);
  }, 60_000);

  it('Gold without the KYC allowing it: "kyc-level-too-low", then "kyc-required"', async () => {
    const a = await holder(1);
    const b = await holder(1);
    await t.db
      .update(kycVerifications)
      .set({ maxNftType: 0 })
      .where(eq(kycVerifications.userId, b.id));
    await refusedAtStart(a, b, ['kyc-level-too-low']);
    await t.db.update(users).set({ kycStatus: 'rejected' }).where(eq(users.id, b.id));
    await refusedAtStart(a, b, ['kyc-required']);
    expect(await mintsOfPair(a, b)).toHaveLength(0);
  }, 90_000);

  it('denied KYC: three more meetings count, the counter is visible, then the status is annulled', async () => {
    const denied = await holder(0);
    await t.db.update(users).set({ kycStatus: 'rejected' }).where(eq(users.id, denied.id));
    const status = async () => (await api('GET', '/meetings/status', denied)).json().denial;
    expect(await status()).toEqual({ denied: true, meetingsLeft: 3, annulled: false });
    const partners: Member[] = [];
    for (const left of [2, 1, 0]) {
      const other = await holder(0);
      partners.push(other);
      const meeting = await meet(denied, other);
      // Silver needs no KYC: the counted meetings mint.
      expect(meeting.reasons).toEqual([]);
      expect(await status()).toEqual({ denied: true, meetingsLeft: left, annulled: left === 0 });
    }
    // Annulled: the next proposal is refused before anyone waits, and counts nothing.
    const next = await holder(0);
    await refusedAtStart(denied, next, ['status-annulled']);
    expect(await status()).toEqual({ denied: true, meetingsLeft: 0, annulled: true });
    // The referral statistics' count, through the service function.
    const counts = await meetingsCount(t.db, [denied.id, partners[0]!.id, next.id, silverA.id]);
    expect(Object.fromEntries(counts)).toEqual({
      [denied.id]: 3,
      [partners[0]!.id]: 1,
      [silverA.id]: 1,
    });
  }, 180_000);

  it('moderators lift a device lock; others may not', async () => {
    const onNewPhone = await member();
    const a = onNewPhone;
    // Another phone was attested (the devices module's tests attest for real).
    await t.app.sessions.lockForNewPhone(t.db, a.id);
    expect((await api('GET', '/meetings/device-lock', onNewPhone)).json()).toMatchObject({
      locked: true,
      reason: 'new-phone',
    });
    const user = await member();
    const refused = await api('DELETE', `/meetings/device-lock/${a.id}`, user);
    expect(refused.statusCode).toBe(403);
    await makeRole(t.db, user.id, 'moderator');
    const lifted = await api('DELETE', `/meetings/device-lock/${a.id}`, user);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({
      locked: false,
      until: null,
      remainingMs: 0,
      reason: null,
      wasLocked: true,
    });
    expect((await api('GET', '/meetings/device-lock', onNewPhone)).json().locked).toBe(false);
    // Again: nothing was left to lift, and the answer says so.
    const again = await api('DELETE', `/meetings/device-lock/${a.id}`, user);
    expect(again.json()).toEqual({
      locked: false,
      until: null,
      remainingMs: 0,
      reason: null,
      wasLocked: false,
    });
    // Moderators see every refusal with its reasons.
    const refusals = (await api('GET', '/meetings/moderation', user)).json();
    expect(refusals.total).toBeGreaterThan(0);
    expect(refusals.list.some((m: Meeting) => m.reasons.includes('same-device'))).toBe(true);
  }, 60_000);

  it("a sign-in from a new device starts no lock; a new phone's lock makes minting wait until it ends", async () => {
    const a = await holder(0);
    const b = await holder(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-fp': 'fp-new-phone-of-a' },
      payload: { email: a.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const onNewPhone: Member = { ...a, token: login.json().token, fp: 'fp-new-phone-of-a' };
    expect((await api('GET', '/meetings/device-lock', onNewPhone)).json().locked).toBe(false);
    // Another phone was attested (the devices module's tests attest for real).
    await t.app.sessions.lockForNewPhone(t.db, a.id);
    const lock = (await api('GET', '/meetings/device-lock', onNewPhone)).json();
    expect(lock).toMatchObject({ locked: true, reason: 'new-phone' });
    expect(lock.remainingMs).toBeGreaterThan(0);
    expect(lock.remainingMs).toBeLessThanOrEqual(72 * HOUR);

    await refusedAtStart(onNewPhone, b, ['device-locked']);
    expect(await mintsOfPair(a, b)).toHaveLength(0);

    // The lock ends (the played clock passes it): the timer reads zero and the pair mints.
    now = Math.max(now, Date.parse(lock.until)) + 60_000;
    expect((await api('GET', '/meetings/device-lock', onNewPhone)).json()).toEqual({
      locked: false,
      until: null,
      remainingMs: 0,
      reason: null,
    });
    const after = await meet(onNewPhone, b);
    expect(after.reasons).toEqual([]);
    await minted(b, after.id);
    expect(await mintsOfPair(a, b)).toHaveLength(1);
  }, 90_000);

  it('a crash between the chain send and the record still mints exactly once', async () => {
    const a = await holder(0);
    const b = await holder(0);
    crashNext = true;
    const meeting = await meet(a, b);
    expect(meeting.reasons).toEqual([]);
    // The job ran: the mint went out, then the "crash" stopped it before the record.
    await vi.waitFor(
      async () => {
        const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'meetings.mint'));
        expect(job?.lastError).toContain('crash');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await mintsOfPair(a, b)).toHaveLength(1);
    expect((await outcomeOf(a, meeting.id)).outcome).toBe('minting');
    expect(await generateRows(a.id)).toHaveLength(0);

    // The restart's pass (or the job's retry) finds the mint in the logs instead of sending again.
    await t.app.meetings.mintMeeting(meeting.id);
    await t.app.meetings.mintMeeting(meeting.id);
    const done = await minted(a, meeting.id);
    const tokens = await mintsOfPair(a, b);
    expect(tokens).toHaveLength(1);
    expect(done.token?.id).toBe(tokens[0]!.toString());
    expect(await generateRows(a.id)).toHaveLength(1);
    expect(await generateRows(b.id)).toHaveLength(1);
  }, 90_000);

  it('a mint job given up after its last attempt: "mint_failed" with the reason, both told, and the pair may mint later', async () => {
    const a = await holder(0);
    const b = await holder(0);
    const socketA = await openSocket(url, a.token);
    const socketB = await openSocket(url, b.token);
    const updates: Meeting[] = [];
    const texts: string[] = [];
    socketA.on('meeting:updated', (meeting) => updates.push(meeting));
    for (const socket of [socketA, socketB]) {
      socket.on('notification', (payload) => texts.push(payload.text));
    }
    // The chain's RPC is unreachable for every attempt (a network error is retried, not final).
    const down = vi
      .spyOn(MarketService.prototype, 'mintGenerated')
      .mockRejectedValue(
        new HttpRequestError({ url: 'http://chain.invalid', details: 'connection refused' }),
      );
    try {
      const meeting = await meet(a, b);
      expect(meeting.reasons).toEqual([]);
      const attempts = async () =>
        (
          await t.db
            .select()
            .from(jobs)
            .where(
              sql`${jobs.kind} = 'meetings.mint' and ${jobs.payload} ->> 'meetingId' = ${String(meeting.id)}`,
            )
        )[0];
      // The first attempt ran at once and failed; the meeting waits for the retries.
      await vi.waitFor(async () => expect((await attempts())?.attempts).toBe(1), {
        timeout: 30_000,
        interval: 100,
      });
      expect((await outcomeOf(a, meeting.id)).outcome).toBe('minting');
      // Every retry falls due (the queue's clock played forward): the last one gives up.
      await t.app.jobs.drain({ now: new Date(Date.now() + 365 * 24 * HOUR) });
      expect(await attempts()).toMatchObject({ status: 'dead', attempts: 8 });
      expect(down).toHaveBeenCalledTimes(8);

      const failed = await outcomeOf(b, meeting.id);
      expect(failed).toMatchObject({ status: 'completed', outcome: 'mint_failed', token: null });
      const [row] = await t.db
        .execute<{ mint_error: string }>(
          sql`select mint_error from meetings where id = ${meeting.id}`,
        )
        .then((result) => result.rows);
      expect(row?.mint_error).toContain('HTTP request failed');
      // Moderators see the reason.
      const moderator = await member();
      await makeRole(t.db, moderator.id, 'moderator');
      const refusals = (await api('GET', '/meetings/moderation?limit=100', moderator)).json();
      expect(refusals.list.find((m: { id: number }) => m.id === meeting.id)).toMatchObject({
        outcome: 'mint_failed',
        mintError: row?.mint_error,
      });
      await vi.waitFor(() => {
        expect(updates.at(-1)).toMatchObject({ id: meeting.id, outcome: 'mint_failed' });
        const told = texts.filter((text) => text.includes('minting failed for a technical reason'));
        expect(told).toHaveLength(2);
      });
      expect(await mintsOfPair(a, b)).toHaveLength(0);
      expect(await generateRows(a.id)).toHaveLength(0);
    } finally {
      down.mockRestore();
      socketA.disconnect();
      socketB.disconnect();
    }

    // Spec §4: after a technical failure the same pair may mint together.
    const again = await meet(a, b);
    expect(again.reasons).toEqual([]);
    const done = await minted(a, again.id);
    expect(await mintsOfPair(a, b)).toEqual([BigInt(done.token!.id)]);
    expect(await generateRows(a.id)).toHaveLength(1);
  }, 120_000);

  it('refuses bad handshakes and pings with a code and a message, changing nothing', async () => {
    const a = await holder(0);
    const b = await holder(0);
    const wrong = await api('POST', '/meetings/handshake', a, { method: 'code', code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: expect.stringContaining('code'),
    });
    const badFormat = await api('POST', '/meetings/handshake', a, { method: 'code', code: '12ab' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().code).toBe('VALIDATION_ERROR');
    const own = (await api('POST', '/meetings/handshake/code', a)).json();
    const self = await api('POST', '/meetings/handshake', a, { method: 'code', code: own.code });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toContain('your own code');
    const forged = await api('POST', '/meetings/handshake', b, {
      method: 'qr',
      payload: `meeet:hs:2:${own.code}:${'0'.repeat(16)}:${'0'.repeat(32)}`,
    });
    expect(forged.statusCode).toBe(400);
    // The QR rotates: the app asks again at `rotateAt`; the new issue has a fresh nonce and
    // voids the one before.
    expect(own.rotateAt).toBe(now + HANDSHAKE_QR_ROTATE_MS);
    expect(own.rotateAt).toBeLessThan(own.expiresAt);
    const rotated = (await api('POST', '/meetings/handshake/code', a)).json();
    expect(rotated.qr).toMatch(/^meeet:hs:2:\d{6}:[0-9a-f]{16}:[0-9a-f]{32}$/);
    expect(rotated.qr).not.toBe(own.qr);
    const stale = await api('POST', '/meetings/handshake', b, { method: 'qr', payload: own.qr });
    expect(stale.statusCode).toBe(400);
    // The nonce is signed: the current code under another nonce is refused.
    const [, , , rotatedCode, nonce, signature] = rotated.qr.split(':');
    const renonced = await api('POST', '/meetings/handshake', b, {
      method: 'qr',
      payload: `meeet:hs:2:${rotatedCode}:${nonce.replace(/^./, nonce[0] === 'a' ? 'b' : 'a')}:${signature}`,
    });
    expect(renonced.statusCode).toBe(400);
    // The code is still live after the refusals: B can use it, once.
    const ok = await api('POST', '/meetings/handshake', b, { method: 'qr', payload: rotated.qr });
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await api('POST', '/meetings/handshake', b, {
      method: 'qr',
      payload: rotated.qr,
    });
    expect(twice.statusCode).toBe(400);
    const busy = (await api('POST', '/meetings/handshake/code', a)).json();
    expect(busy.phase).toBe('end');
    const future = await api('POST', '/meetings/ping', a, {
      t: now + 60_000,
      lat: 1,
      lon: 1,
      accuracy: 5,
    });
    expect(future.statusCode).toBe(400);
    const bad = await api('POST', '/meetings/ping', a, { t: now, lat: 91, lon: 1, accuracy: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('lat');
    const guest = await api('GET', '/meetings');
    expect(guest.statusCode).toBe(401);
    // Someone else's meeting is not found.
    const stranger = await member();
    expect((await api('GET', `/meetings/${ok.json().meeting.id}`, stranger)).statusCode).toBe(404);
    // End it so the pair is free again.
    const end = await api('POST', '/meetings/handshake', b, { method: 'code', code: busy.code });
    expect(end.json().meeting).toMatchObject({
      status: 'failed',
      outcome: 'not_proven',
      reasons: ['ended-early'],
    });
    // Moderators see every refusal with its reasons.
    const moderator = await member();
    await makeRole(t.db, moderator.id, 'moderator');
    const refusals = (await api('GET', '/meetings/moderation?limit=100', moderator)).json();
    expect(refusals.list.find((m: Meeting) => m.id === ok.json().meeting.id)).toMatchObject({
      reasons: ['ended-early'],
    });
  }, 60_000);

  it('a Bluetooth meeting: signed handshakes from both phones, heard tokens, completes by itself', async () => {
    const a = await holder(0);
    const b = await holder(0);
    const tokensA = (await api('POST', '/meetings/proximity-tokens', a)).json();
    const tokensB = (await api('POST', '/meetings/proximity-tokens', b)).json();
    // The first token is the one of the current window.
    const ownA = tokensA.tokens[0].token as string;
    const ownB = tokensB.tokens[0].token as string;
    expect(tokensA.tokens[0].from).toBeLessThanOrEqual(now);
    expect(tokensA.tokens[0].until).toBeGreaterThan(now);
    expect(tokensA.handshakeKey).not.toBe(tokensB.handshakeKey);
    const badProof = await api('POST', '/meetings/handshake', a, {
      method: 'ble',
      phase: 'start',
      partnerToken: ownB,
      proof: '0'.repeat(64),
    });
    expect(badProof.statusCode).toBe(400);
    const halfA = await api('POST', '/meetings/handshake', a, {
      method: 'ble',
      phase: 'start',
      partnerToken: ownB,
      proof: handshakeProof(tokensA.handshakeKey, 'start', ownA, ownB),
    });
    expect(halfA.statusCode, halfA.body).toBe(200);
    expect(halfA.json()).toEqual({ meeting: null });
    const halfB = await api('POST', '/meetings/handshake', b, {
      method: 'ble',
      phase: 'start',
      partnerToken: ownA,
      proof: handshakeProof(tokensB.handshakeKey, 'start', ownB, ownA),
    });
    expect(halfB.statusCode, halfB.body).toBe(200);
    const meetingId = halfB.json().meeting.id as number;
    expect(halfB.json().meeting).toMatchObject({ method: 'ble', status: 'active' });
    let progress;
    for (let s = 0; s <= 150; s += 30) {
      await ping(a, 0, { heard: [{ token: ownB, rssi: -50 }] });
      progress = await ping(b, 1, { heard: [{ token: ownA, rssi: -52 }] });
      now += 30_000;
    }
    expect(progress.progress).toBeNull();
    const done = await outcomeOf(a, meetingId);
    expect(done).toMatchObject({ status: 'completed', reasons: [], level: 0 });
    expect(['minting', 'minted']).toContain(done.outcome);
    expect(done.minutesCounted).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('a Bluetooth start that could never mint: refused at the first half, both told', async () => {
    const a = await holder(0);
    const b = await member();
    const tokensA = (await api('POST', '/meetings/proximity-tokens', a)).json();
    const tokensB = (await api('POST', '/meetings/proximity-tokens', b)).json();
    const ownA = tokensA.tokens[0].token as string;
    const ownB = tokensB.tokens[0].token as string;
    await refusedAtStart(a, b, ['no-shared-level'], () =>
      api('POST', '/meetings/handshake', a, {
        method: 'ble',
        phase: 'start',
        partnerToken: ownB,
        proof: handshakeProof(tokensA.handshakeKey, 'start', ownA, ownB),
      }),
    );
  }, 60_000);
});
