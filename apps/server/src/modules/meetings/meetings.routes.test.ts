import { eq, sql } from 'drizzle-orm';
import { HttpRequestError } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { HANDSHAKE_QR_ROTATE_MS, type Meeting } from '@meeet/core/api/meetings';
import { jobs } from '../jobs/jobs.schema.ts';
import { MarketService } from '../market/market.service.ts';
import { openSocket } from '../meet/meet.test-support.ts';
import { makeRole } from '../media/media.test-support.ts';
import { handshakeProof } from '@meeet/core/rules/handshake-proof';
import { HOUR, meetingsOnChain } from './meetings.test-support.ts';

// Crashes around the mint, a mint given up, bad handshakes and pings, and Bluetooth meetings on a
// real anvil (see meetings.test-support.ts for the played clock and the helpers).

describe('meetings on a real chain', () => {
  const {
    env,
    api,
    member,
    holder,
    ping,
    meet,
    outcomeOf,
    refusedAtStart,
    minted,
    generateRows,
    mintsOfPair,
  } = meetingsOnChain();

  it('a crash between the chain send and the record still mints exactly once', async () => {
    const a = await holder(0);
    const b = await holder(0);
    env.crashNext = true;
    const meeting = await meet(a, b);
    expect(meeting.reasons).toEqual([]);
    // The job ran: the mint went out, then the "crash" stopped it before the record.
    await vi.waitFor(
      async () => {
        const [job] = await env.t.db.select().from(jobs).where(eq(jobs.kind, 'meetings.mint'));
        expect(job?.lastError).toContain('crash');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await mintsOfPair(a, b)).toHaveLength(1);
    expect((await outcomeOf(a, meeting.id)).outcome).toBe('minting');
    expect(await generateRows(a.id)).toHaveLength(0);

    // The restart's pass (or the job's retry) finds the mint in the logs instead of sending again.
    await env.t.app.meetings.mintMeeting(meeting.id);
    await env.t.app.meetings.mintMeeting(meeting.id);
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
    const socketA = await openSocket(env.url, a.token);
    const socketB = await openSocket(env.url, b.token);
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
          await env.t.db
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
      await env.t.app.jobs.drain({ now: new Date(Date.now() + 365 * 24 * HOUR) });
      expect(await attempts()).toMatchObject({ status: 'dead', attempts: 8 });
      expect(down).toHaveBeenCalledTimes(8);

      const failed = await outcomeOf(b, meeting.id);
      expect(failed).toMatchObject({ status: 'completed', outcome: 'mint_failed', token: null });
      const [row] = await env.t.db
        .execute<{ mint_error: string }>(
          sql`select mint_error from meetings where id = ${meeting.id}`,
        )
        .then((result) => result.rows);
      expect(row?.mint_error).toContain('HTTP request failed');
      // Moderators see the reason.
      const moderator = await member();
      await makeRole(env.t.db, moderator.id, 'moderator');
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
    expect(own.rotateAt).toBe(env.now + HANDSHAKE_QR_ROTATE_MS);
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
      t: env.now + 60_000,
      lat: 1,
      lon: 1,
      accuracy: 5,
    });
    expect(future.statusCode).toBe(400);
    const bad = await api('POST', '/meetings/ping', a, {
      t: env.now,
      lat: 91,
      lon: 1,
      accuracy: 5,
    });
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
    await makeRole(env.t.db, moderator.id, 'moderator');
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
    expect(tokensA.tokens[0].from).toBeLessThanOrEqual(env.now);
    expect(tokensA.tokens[0].until).toBeGreaterThan(env.now);
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
      env.now += 30_000;
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
