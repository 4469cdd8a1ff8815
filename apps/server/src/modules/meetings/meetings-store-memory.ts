import type { HandshakePhase } from '@meeet/core/api/meetings';
import { ProximityTokens } from './proximity-tokens.ts';
import { verifyHandshakeProof, type HandshakeHalf, type MeetingsStore } from './meetings-store.ts';

/** The meetings store of a single process: tokens, halves and scores in memory. */
export class InProcessMeetingsStore implements MeetingsStore {
  private readonly tokens: ProximityTokens;
  private readonly halves = new Map<string, HandshakeHalf & { expiresAt: number }>();
  private readonly scores = new Map<number, number[]>();

  constructor(secret: string, rotateMs: number) {
    this.tokens = new ProximityTokens(secret, rotateMs);
  }

  issueTokens(userId: number, sessionId: string, device: string | null, now: number) {
    return Promise.resolve(this.tokens.issue(userId, sessionId, device, now));
  }

  resolveTokens(tokens: readonly string[], at: number): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const token of tokens) {
      const owner = this.tokens.resolve(token, at);
      if (owner !== undefined) found.set(token, owner);
    }
    return Promise.resolve(found);
  }

  handshakeKey(sessionId: string): string {
    return this.tokens.handshakeKey(sessionId);
  }

  verifyProof(
    sessionId: string,
    phase: HandshakePhase,
    partnerToken: string,
    proof: string,
    at: number,
  ) {
    return Promise.resolve(
      verifyHandshakeProof(
        this.handshakeKey(sessionId),
        this.tokens.tokensOf(sessionId, at),
        phase,
        partnerToken,
        proof,
      ),
    );
  }

  matchHalf(key: string, half: HandshakeHalf, ttlMs: number): Promise<HandshakeHalf | undefined> {
    // Expired halves go while passing by, so the map stays bounded.
    if (this.halves.size > 1024) {
      for (const [k, h] of this.halves) if (h.expiresAt <= half.at) this.halves.delete(k);
    }
    const waiting = this.halves.get(key);
    if (waiting && waiting.userId !== half.userId && waiting.expiresAt > half.at) {
      this.halves.delete(key);
      return Promise.resolve({ userId: waiting.userId, device: waiting.device, at: waiting.at });
    }
    this.halves.set(key, { ...half, expiresAt: half.at + ttlMs });
    return Promise.resolve(undefined);
  }

  saveScore(meetingId: number, counted: readonly number[]): Promise<void> {
    this.scores.set(meetingId, [...counted]);
    return Promise.resolve();
  }

  loadScores(meetingIds: readonly number[]): Promise<Map<number, number[]>> {
    const found = new Map<number, number[]>();
    for (const id of meetingIds) {
      const counted = this.scores.get(id);
      if (counted) found.set(id, counted);
    }
    return Promise.resolve(found);
  }

  dropScore(meetingId: number): Promise<void> {
    this.scores.delete(meetingId);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
