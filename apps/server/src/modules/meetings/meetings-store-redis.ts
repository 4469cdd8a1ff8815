import { createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { HandshakePhase, ProximityToken } from '@meeet/core/api/meetings';
import { GRACE_MS, WINDOWS_AHEAD } from './proximity-tokens.ts';
import { verifyHandshakeProof, type HandshakeHalf, type MeetingsStore } from './meetings-store.ts';

const PREFIX = 'meeet:meetings:';
/** A running meeting's counted minutes are kept this long after their last change. */
const SCORE_TTL_MS = 24 * 3_600_000;
/** Redis keeps a key at least this long, whatever the service's (possibly played) clock says. */
const MIN_TTL_MS = 1_000;

/**
 * Issues a session's tokens, one per window, atomically: a window's token is made once even
 * when two processes are asked at the same moment. ARGV: prefix, user id, session id, then per
 * window its start, end, a fresh candidate token and the keys' TTL in ms. Answers the tokens.
 */
const ISSUE_SCRIPT = `
local out = {}
local n = (#ARGV - 3) / 4
for i = 0, n - 1 do
  local from = ARGV[4 + i * 4]
  local untilAt = ARGV[5 + i * 4]
  local ttl = ARGV[7 + i * 4]
  local skey = ARGV[1] .. 'ses:' .. ARGV[3] .. ':' .. from
  local token = redis.call('GET', skey)
  if not token then
    token = ARGV[6 + i * 4]
    redis.call('SET', skey, token, 'PX', ttl)
    redis.call('SET', ARGV[1] .. 'tok:' .. token, ARGV[2] .. ':' .. from .. ':' .. untilAt, 'PX', ttl)
  end
  out[#out + 1] = token
end
return out`;

/**
 * Takes the other user's half (deleting it) or leaves this one. KEYS[1]: the half's key;
 * ARGV: user id, the half as JSON, TTL ms. Answers the other's half or false.
 */
const HALF_SCRIPT = `
local waiting = redis.call('GET', KEYS[1])
if waiting then
  local other = cjson.decode(waiting)
  if tostring(other.userId) ~= ARGV[1] then
    redis.call('DEL', KEYS[1])
    return waiting
  end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return false`;

interface StoreCommands {
  meetingsIssue(...args: (string | number)[]): Promise<string[]>;
  meetingsHalf(key: string, ...args: (string | number)[]): Promise<string | null>;
}

/** A token's record: `userId:from:until`. */
function parseIssued(value: string | null): { userId: number; from: number; until: number } | null {
  if (!value) return null;
  const [userId, from, until] = value.split(':').map(Number);
  if (userId === undefined || from === undefined || until === undefined) return null;
  return { userId, from, until };
}

function inWindow(issued: { from: number; until: number }, at: number): boolean {
  return at >= issued.from - GRACE_MS && at < issued.until + GRACE_MS;
}

/**
 * The store in Redis: `tok:<token>` → owner and window, `ses:<session>:<window start>` → token,
 * `half:<phase>:<a>:<b>` → a waiting handshake half, `score:<meeting>` → counted minutes. Each
 * key expires with what it holds (a token a minute after its window, a half after the code
 * lifetime), so nothing needs sweeping.
 */
export class RedisMeetingsStore implements MeetingsStore {
  private readonly redis: Redis & StoreCommands;

  constructor(
    redis: Redis,
    private readonly secret: string,
    private readonly rotateMs: number,
  ) {
    redis.defineCommand('meetingsIssue', { numberOfKeys: 0, lua: ISSUE_SCRIPT });
    redis.defineCommand('meetingsHalf', { numberOfKeys: 1, lua: HALF_SCRIPT });
    this.redis = redis as Redis & StoreCommands;
  }

  async issueTokens(
    userId: number,
    sessionId: string,
    _device: string | null,
    now: number,
  ): Promise<ProximityToken[]> {
    const start = Math.floor(now / this.rotateMs) * this.rotateMs;
    const windows: ProximityToken[] = [];
    const args: (string | number)[] = [PREFIX, userId, sessionId];
    for (let i = 0; i < WINDOWS_AHEAD; i++) {
      const from = start + i * this.rotateMs;
      const until = from + this.rotateMs;
      windows.push({ token: '', from, until });
      args.push(
        from,
        until,
        randomBytes(16).toString('hex'),
        Math.max(MIN_TTL_MS, until + GRACE_MS - now),
      );
    }
    const tokens = await this.redis.meetingsIssue(...args);
    return windows.map((window, i) => ({ ...window, token: String(tokens[i]) }));
  }

  async resolveTokens(tokens: readonly string[], at: number): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const unique = [...new Set(tokens)].filter((token) => /^[0-9a-f]{1,64}$/.test(token));
    if (unique.length === 0) return found;
    const values = await this.redis.mget(...unique.map((token) => `${PREFIX}tok:${token}`));
    unique.forEach((token, i) => {
      const issued = parseIssued(values[i] ?? null);
      if (issued && inWindow(issued, at)) found.set(token, issued.userId);
    });
    return found;
  }

  handshakeKey(sessionId: string): string {
    return createHmac('sha256', this.secret).update(`handshake:${sessionId}`).digest('hex');
  }

  /** The session's tokens whose window (with the grace) holds `at`. */
  private async tokensOf(sessionId: string, at: number): Promise<string[]> {
    const first = Math.floor((at - GRACE_MS) / this.rotateMs) * this.rotateMs - this.rotateMs;
    const last = Math.floor((at + GRACE_MS) / this.rotateMs) * this.rotateMs;
    const starts: number[] = [];
    for (let from = first; from <= last; from += this.rotateMs) starts.push(from);
    const tokens = await this.redis.mget(
      ...starts.map((from) => `${PREFIX}ses:${sessionId}:${from}`),
    );
    return tokens.filter(
      (token, i): token is string =>
        token !== null && inWindow({ from: starts[i]!, until: starts[i]! + this.rotateMs }, at),
    );
  }

  async verifyProof(
    sessionId: string,
    phase: HandshakePhase,
    partnerToken: string,
    proof: string,
    at: number,
  ): Promise<boolean> {
    const owns = await this.tokensOf(sessionId, at);
    return verifyHandshakeProof(this.handshakeKey(sessionId), owns, phase, partnerToken, proof);
  }

  async matchHalf(
    key: string,
    half: HandshakeHalf,
    ttlMs: number,
  ): Promise<HandshakeHalf | undefined> {
    const waiting = await this.redis.meetingsHalf(
      `${PREFIX}half:${key}`,
      String(half.userId),
      JSON.stringify(half),
      Math.max(MIN_TTL_MS, ttlMs),
    );
    return waiting ? (JSON.parse(waiting) as HandshakeHalf) : undefined;
  }

  async saveScore(meetingId: number, counted: readonly number[]): Promise<void> {
    await this.redis.set(`${PREFIX}score:${meetingId}`, counted.join(','), 'PX', SCORE_TTL_MS);
  }

  async loadScores(meetingIds: readonly number[]): Promise<Map<number, number[]>> {
    const found = new Map<number, number[]>();
    if (meetingIds.length === 0) return found;
    const values = await this.redis.mget(...meetingIds.map((id) => `${PREFIX}score:${id}`));
    meetingIds.forEach((id, i) => {
      const value = values[i];
      if (value === null || value === undefined) return;
      found.set(id, value === '' ? [] : value.split(',').map(Number));
    });
    return found;
  }

  async dropScore(meetingId: number): Promise<void> {
    await this.redis.del(`${PREFIX}score:${meetingId}`);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
