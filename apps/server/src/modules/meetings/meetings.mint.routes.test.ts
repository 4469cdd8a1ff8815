import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { type Meeting } from '@meeet/core/api/meetings';
import { bearer, PASSWORD } from '../../../test/accounts.ts';
import { usdtBalance } from '../../../test/chain.ts';
import { txOf } from '../../plugins/db.ts';
import { kycVerifications } from '../kyc/kyc.schema.ts';
import { call, openSocket, type ClientSocket } from '../meet/meet.test-support.ts';
import { makeRole } from '../media/media.test-support.ts';
import { referralMeetings } from '../referral/referral.schema.ts';
import { users } from '../users/users.schema.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { meetingsCount } from './meetings.service.ts';
import { HOUR, meetingsOnChain, SPOT, USDT, type Member } from './meetings.test-support.ts';

// A pair meets and mints on a real anvil; then the rules that refuse a meeting before it starts
// and the device locks that make minting wait (see meetings.test-support.ts for the helpers).

describe('meetings on a real chain: minting and the rules', () => {
  const {
    env,
    api,
    settle,
    member,
    holder,
    meet,
    outcomeOf,
    refusedAtStart,
    minted,
    generateRows,
    mintsOfPair,
  } = meetingsOnChain();

  let silverA: Member;
  let silverB: Member;
  let firstMeeting: Meeting;

  it('two Silver holders meet: a Silver token is minted with both as generators, GENERATE rows, events', async () => {
    silverA = await holder(0);
    silverB = await holder(0);
    const socket: ClientSocket = await openSocket(env.url, silverA.token);
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
        t: env.now,
        lat: SPOT.lat,
        lon: SPOT.lon,
        accuracy: 5,
      });
      expect(answer).toEqual({ ok: true, progress: null, candidates: [] });
      env.now += 1000;

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

      expect(env.firstMeets.map((e) => e.userId).sort()).toEqual([silverA.id, silverB.id].sort());
      expect(env.firstMeets[0]).toMatchObject({ meetingId: ended.id, level: 0 });
      // The referral programme counts the minted meeting for both (its tree's meetings column).
      const counted = await env.t.db
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
    const beforeA = await usdtBalance(env.c.chain, silverA.address);
    const beforeB = await usdtBalance(env.c.chain, silverB.address);
    const buyer = await member();
    await api('GET', '/crypto/market', buyer);
    await fundAddress(env.c.chain, buyer.address, { usdt: USDT('100'), bnb: parseEther('1') });
    const bought = await env.t.app.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...bearer(buyer.token, buyer.fp), 'idempotency-key': randomUUID() },
      payload: { level: 0 },
    });
    expect(bought.statusCode, bought.body).toBe(202);
    await settle();
    const nft = (await api('GET', `/crypto/market/nft/${firstMeeting.token!.id}`, buyer)).json();
    expect(nft.owner).toMatchObject({ userId: buyer.id, mine: true });
    expect((await usdtBalance(env.c.chain, silverA.address)) - beforeA).toBe(USDT('20'));
    expect((await usdtBalance(env.c.chain, silverB.address)) - beforeB).toBe(USDT('20'));
  }, 60_000);

  it('the same pair proposing again: refused at the start, "pair-already-minted"', async () => {
    await refusedAtStart(silverA, silverB, ['pair-already-minted']);
    // The code was used up by the refusal: the issuer's next code is a fresh start code.
    expect((await api('POST', '/meetings/handshake/code', silverA)).json().phase).toBe('start');
    expect(await mintsOfPair(silverA, silverB)).toHaveLength(1);
  }, 60_000);

  it("the refusal speaks the caller's language and never says which of the two it concerns", async () => {
    const code = await api('POST', '/meetings/handshake/code', silverB);
    const answer = await env.t.app.inject({
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
    const login = await env.t.app.inject({
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
    await env.t.db
      .update(kycVerifications)
      .set({ maxNftType: 0 })
      .where(eq(kycVerifications.userId, b.id));
    await refusedAtStart(a, b, ['kyc-level-too-low']);
    await env.t.db.update(users).set({ kycStatus: 'rejected' }).where(eq(users.id, b.id));
    await refusedAtStart(a, b, ['kyc-required']);
    expect(await mintsOfPair(a, b)).toHaveLength(0);
  }, 90_000);

  it('denied KYC: three more meetings count, the counter is visible, then the status is annulled', async () => {
    const denied = await holder(0);
    await env.t.db.update(users).set({ kycStatus: 'rejected' }).where(eq(users.id, denied.id));
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
    const counts = await meetingsCount(env.t.db, [denied.id, partners[0]!.id, next.id, silverA.id]);
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
    await env.t.app.sessions.lockForNewPhone(txOf(env.t.db), a.id);
    expect((await api('GET', '/meetings/device-lock', onNewPhone)).json()).toMatchObject({
      locked: true,
      reason: 'new-phone',
    });
    const user = await member();
    const refused = await api('DELETE', `/meetings/device-lock/${a.id}`, user);
    expect(refused.statusCode).toBe(403);
    await makeRole(env.t.db, user.id, 'moderator');
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
    const login = await env.t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-fp': 'fp-new-phone-of-a' },
      payload: { email: a.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const onNewPhone: Member = { ...a, token: login.json().token, fp: 'fp-new-phone-of-a' };
    expect((await api('GET', '/meetings/device-lock', onNewPhone)).json().locked).toBe(false);
    // Another phone was attested (the devices module's tests attest for real).
    await env.t.app.sessions.lockForNewPhone(txOf(env.t.db), a.id);
    const lock = (await api('GET', '/meetings/device-lock', onNewPhone)).json();
    expect(lock).toMatchObject({ locked: true, reason: 'new-phone' });
    expect(lock.remainingMs).toBeGreaterThan(0);
    expect(lock.remainingMs).toBeLessThanOrEqual(72 * HOUR);

    await refusedAtStart(onNewPhone, b, ['device-locked']);
    expect(await mintsOfPair(a, b)).toHaveLength(0);

    // The lock ends (the played clock passes it): the timer reads zero and the pair mints.
    env.now = Math.max(env.now, Date.parse(lock.until)) + 60_000;
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
});
