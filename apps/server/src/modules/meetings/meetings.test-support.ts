import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import type { Meeting, MeetingReason } from '@meeet/core/api/meetings';
import type { MeetingRefused } from '@meeet/core/api/realtime';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, settleLedger, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { kycVerifications } from '../kyc/kyc.schema.ts';
import { marketPurchases } from '../market/market.schema.ts';
import { mintStock } from '../market/market.service.ts';
import { MarketWatcher } from '../market/market-watcher.ts';
import { openSocket } from '../meet/meet.test-support.ts';
import { users } from '../users/users.schema.ts';
import { DepositWatcher } from '../wallet/deposit-watcher.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import type { FirstMeet } from './meetings-events.ts';
import { meetings as meetingRows } from './meetings.schema.ts';

// Two users meet through the code exchange (the web build's way: no Bluetooth) on a played
// clock: the window is 3 minutes with 2 to count and gaps of 1, so a meeting takes an instant.
// The chain is a real anvil with the real contracts; purchases and mints are real transactions.
// Each test file that calls `meetingsOnChain()` gets its own app, chain and clock.

export const USDT = (text: string) => parseUnits(text, 18);
export const HOUR = 3_600_000;
export const SPOT = { lat: 52.52, lon: 13.405 };

export interface Member {
  id: number;
  token: string;
  fp: string;
  email: string;
  address: Address;
}

/** What the tests of one file share: the app, the chain, the socket address, the played clock. */
class MeetingsChainEnv {
  t!: TestApp;
  c!: TestChain;
  url = '';
  /** The meetings' played clock (epoch ms); tests move it on. */
  now = Date.now();
  /** Set: the next mint crashes between the chain send and its record. */
  crashNext = false;
  readonly firstMeets: FirstMeet[] = [];
}

/** Registers the app and chain of a test file (beforeAll/afterAll); answers its helpers. */
export function meetingsOnChain() {
  const env = new MeetingsChainEnv();
  let watcher: MarketWatcher;
  let deposits: DepositWatcher;

  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, who?: Member, payload?: unknown) =>
    env.t.app.inject({
      method,
      url: `/api${path}`,
      headers: who ? bearer(who.token, who.fp) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Runs the sender and the watchers until nothing is open (instant mining). */
  async function settle(): Promise<void> {
    await settleLedger(env.t, [watcher, deposits]);
  }

  let fpCounter = 0;
  /** A user who may meet (confirmed e-mail, complete profile) on a device of their own. */
  async function member(
    fp = `fp-meet-${++fpCounter}-${randomUUID().slice(0, 8)}`,
  ): Promise<Member> {
    const user = await registerUser(env.t.app, {}, { 'x-fp': fp });
    const profile = await env.t.app.inject({
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
    await env.t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.user.id));
    return {
      id: user.user.id,
      token: user.token,
      fp,
      email: user.user.email,
      address: env.c.chain.keys.depositAccount(user.user.id).address,
    };
  }

  async function approveKyc(userId: number, maxNftType: number) {
    await env.t.db
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
    await env.t.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, userId));
  }

  /** A member holding a token of `level`, bought from genesis stock; `fresh`: bought just now. */
  async function holder(level: 0 | 1 = 0, options: { fresh?: boolean; fp?: string } = {}) {
    const m = await member(options.fp);
    if (level > 0) await approveKyc(m.id, level);
    expect((await api('GET', '/crypto/market', m)).statusCode).toBe(200);
    await fundAddress(env.c.chain, m.address, {
      usdt: USDT(level ? '1000' : '100'),
      bnb: parseEther('1'),
    });
    await mintStock(env.t.db, env.c.chain, level, 1);
    await settle();
    const bought = await env.t.app.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...bearer(m.token, m.fp), 'idempotency-key': randomUUID() },
      payload: { level },
    });
    expect(bought.statusCode, bought.body).toBe(202);
    await settle();
    const [purchase] = await env.t.db
      .select()
      .from(marketPurchases)
      .where(eq(marketPurchases.userId, m.id));
    expect(purchase?.status).toBe('completed');
    if (!options.fresh) {
      await env.t.db
        .update(marketPurchases)
        .set({ updatedAt: new Date(Date.now() - 2 * 24 * HOUR) })
        .where(eq(marketPurchases.userId, m.id));
    }
    return m;
  }

  async function ping(who: Member, offsetM = 0, extra: Record<string, unknown> = {}) {
    const response = await api('POST', '/meetings/ping', who, {
      t: env.now,
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
      env.now += 30_000;
    }
    const end = await api('POST', '/meetings/handshake/code', b);
    if (end.json().phase === 'start') {
      // The detector ended it already (a void): there is nothing left to end.
      env.now += 60_000;
      return outcomeOf(a, started.json().meeting.id as number);
    }
    expect(end.json()).toMatchObject({ phase: 'end', meetingId: started.json().meeting.id });
    const ended = await api('POST', '/meetings/handshake', a, {
      method: 'qr',
      payload: end.json().qr,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    env.now += 60_000;
    return ended.json().meeting as Meeting;
  }

  async function outcomeOf(who: Member, id: number): Promise<Meeting> {
    const response = await api('GET', `/meetings/${id}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Meeting;
  }

  const meetingsOfPair = (a: Member, b: Member) =>
    env.t.db
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
    const sockets = await Promise.all([openSocket(env.url, a.token), openSocket(env.url, b.token)]);
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
    env.t.db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, userId), eq(chainTransactions.type, 'GENERATE')));

  async function mintsOfPair(a: Member, b: Member): Promise<bigint[]> {
    const logs = await env.c.chain.publicClient.getContractEvents({
      address: env.c.chain.contracts.token!,
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
    env.t = await createTestApp(
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
        meetingsClock: () => env.now,
        afterMintSent: () => {
          if (!env.crashNext) return;
          env.crashNext = false;
          throw new Error('crash between the chain send and the record');
        },
      },
    );
    env.c = await attachTestChain(env.t);
    watcher = new MarketWatcher(env.t.db, env.c.chain, env.t.app.log, (row) =>
      env.t.app.chain.notify(row),
    );
    await watcher.tick();
    deposits = new DepositWatcher(env.t.db, env.c.chain, env.t.app.log);
    await deposits.tick();
    env.t.app.meetingEvents.onFirstMeet(async (_tx, event) => {
      env.firstMeets.push(event);
    });
    env.url = await env.t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await env.t?.close();
    await env.c?.stop();
  });

  return {
    env,
    api,
    settle,
    member,
    approveKyc,
    holder,
    ping,
    meet,
    outcomeOf,
    meetingsOfPair,
    refusedAtStart,
    minted,
    generateRows,
    mintsOfPair,
  };
}
