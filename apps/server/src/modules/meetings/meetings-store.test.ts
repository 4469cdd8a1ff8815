import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../../test/redis.ts';
import { InProcessMeetingsStore } from './meetings-store-memory.ts';
import { RedisMeetingsStore } from './meetings-store-redis.ts';
import { verifyHandshakeProof, type MeetingsStore } from './meetings-store.ts';
import { HANDSHAKE_PROOF_VECTORS, handshakeProof } from '@meeet/core/rules/handshake-proof';

const SECRET = 'proximity:test-secret';
const ROTATE_MS = 300_000;

let redis: TestRedis | undefined;
const clients: Redis[] = [];

/**
 * Two views of one store: with Redis, two "processes" (clients of their own) on one server;
 * in process, the same object twice (one process).
 */
const subjects: [string, () => Promise<[MeetingsStore, MeetingsStore]>][] = [
  [
    'InProcessMeetingsStore',
    () => {
      const store = new InProcessMeetingsStore(SECRET, ROTATE_MS);
      return Promise.resolve([store, store]);
    },
  ],
  [
    'RedisMeetingsStore',
    async () => {
      redis ??= await startRedis();
      const make = async () => {
        const client = new Redis(redis!.url, { lazyConnect: true });
        await client.connect();
        clients.push(client);
        return new RedisMeetingsStore(client, SECRET, ROTATE_MS);
      };
      return [await make(), await make()];
    },
  ],
];

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis?.stop();
});

describe('verifyHandshakeProof', () => {
  it('the published vectors are HMAC-SHA256 keyed by the decoded 32 bytes, not the hex text', () => {
    for (const v of HANDSHAKE_PROOF_VECTORS) {
      const message = `${v.phase}:${v.ownToken}:${v.partnerToken}`;
      const byBytes = createHmac('sha256', Buffer.from(v.handshakeKey, 'hex'));
      expect(byBytes.update(message).digest('hex')).toBe(v.proof);
      const byText = createHmac('sha256', v.handshakeKey).update(message).digest('hex');
      expect(byText).not.toBe(v.proof);
    }
  });

  it.each(HANDSHAKE_PROOF_VECTORS)(
    'accepts the published $phase vector, the proof the app sends',
    (v) => {
      expect(
        verifyHandshakeProof(v.handshakeKey, [v.ownToken], v.phase, v.partnerToken, v.proof),
      ).toBe(true);
      // The same proof for another phase or another partner is refused.
      const other = v.phase === 'start' ? 'end' : 'start';
      expect(
        verifyHandshakeProof(v.handshakeKey, [v.ownToken], other, v.partnerToken, v.proof),
      ).toBe(false);
      expect(verifyHandshakeProof(v.handshakeKey, [v.ownToken], v.phase, v.ownToken, v.proof)).toBe(
        false,
      );
    },
  );
});

describe.each(subjects)('%s', (_name, make) => {
  it('issues a session one token per window, the same wherever it is asked, and resolves them', async () => {
    const [here, there] = await make();
    const now = Date.now();
    const first = await here.issueTokens(7, 'session-7', 'fp-7', now);
    expect(first).toHaveLength(3);
    expect(first[0]!.from).toBeLessThanOrEqual(now);
    expect(first[0]!.until).toBeGreaterThan(now);
    expect(new Set(first.map((t) => t.token)).size).toBe(3);
    // Asked again (on another process): the same tokens.
    expect(await there.issueTokens(7, 'session-7', 'fp-7', now + 1_000)).toEqual(first);
    const other = await there.issueTokens(8, 'session-8', null, now);
    expect(other[0]!.token).not.toBe(first[0]!.token);

    const owners = await there.resolveTokens(
      [first[0]!.token, other[0]!.token, 'feedbeef', 'not hex'],
      now,
    );
    expect(Object.fromEntries(owners)).toEqual({ [first[0]!.token]: 7, [other[0]!.token]: 8 });
    // Out of its window (and the minute of grace), a token is nobody's.
    const later = first[0]!.until + 61_000;
    expect((await here.resolveTokens([first[0]!.token], later)).size).toBe(0);
  });

  it('verifies a handshake proof made with the session key and one of its current tokens', async () => {
    const [here, there] = await make();
    const now = Date.now();
    const [own] = await here.issueTokens(1, 'session-1', null, now);
    const [partner] = await here.issueTokens(2, 'session-2', null, now);
    const key = there.handshakeKey('session-1');
    expect(key).toBe(here.handshakeKey('session-1'));
    expect(key).not.toBe(here.handshakeKey('session-2'));
    const good = handshakeProof(key, 'start', own!.token, partner!.token);
    expect(await there.verifyProof('session-1', 'start', partner!.token, good, now)).toBe(true);
    expect(await there.verifyProof('session-1', 'end', partner!.token, good, now)).toBe(false);
    expect(await there.verifyProof('session-2', 'start', partner!.token, good, now)).toBe(false);
    const forged = handshakeProof(key, 'start', 'ab'.repeat(16), partner!.token);
    expect(await there.verifyProof('session-1', 'start', partner!.token, forged, now)).toBe(false);
  });

  it('matches the two halves of a handshake once, wherever each arrives', async () => {
    const [here, there] = await make();
    const now = Date.now();
    const key = `start:${now}:1:2`;
    expect(await here.matchHalf(key, { userId: 1, device: 'fp-1', at: now }, 60_000)).toBe(
      undefined,
    );
    // The same phone again replaces its half; it never completes with itself.
    expect(await there.matchHalf(key, { userId: 1, device: 'fp-1b', at: now }, 60_000)).toBe(
      undefined,
    );
    expect(await there.matchHalf(key, { userId: 2, device: 'fp-2', at: now + 1 }, 60_000)).toEqual({
      userId: 1,
      device: 'fp-1b',
      at: now,
    });
    // Taken: a third half waits again.
    expect(await here.matchHalf(key, { userId: 2, device: 'fp-2', at: now + 2 }, 60_000)).toBe(
      undefined,
    );
  });

  it('keeps the counted minutes of running meetings until they are dropped', async () => {
    const [here, there] = await make();
    const id = Math.floor(Math.random() * 1e9);
    await here.saveScore(id, [0, 1, 3]);
    await here.saveScore(id + 1, []);
    expect(Object.fromEntries(await there.loadScores([id, id + 1, id + 2]))).toEqual({
      [id]: [0, 1, 3],
      [id + 1]: [],
    });
    await there.dropScore(id);
    expect((await here.loadScores([id])).size).toBe(0);
  });
});
