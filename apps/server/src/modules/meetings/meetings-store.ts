import { timingSafeEqual } from 'node:crypto';
import { handshakeProof } from '@meeet/core/rules/handshake-proof';
import type { HandshakePhase } from '@meeet/core/api/meetings';
import type { ProximityToken } from '@meeet/core/api/meetings';

/** One phone's half of a Bluetooth handshake, waiting for the other's. */
export interface HandshakeHalf {
  userId: number;
  device: string | null;
  /** Epoch ms (the service's clock) when the half arrived. */
  at: number;
}

/**
 * What the meetings service keeps between requests outside the database: the proximity tokens,
 * the Bluetooth handshake halves and the counted minutes of running meetings. In process by
 * default; in Redis when REDIS_URL is set, so a user's token request, handshake half and pings
 * may land on different server processes (issue 12). Everything here expires by itself.
 */
export interface MeetingsStore {
  /** The current and next tokens of a session, made on first ask and kept for their window. */
  issueTokens(
    userId: number,
    sessionId: string,
    device: string | null,
    now: number,
  ): Promise<ProximityToken[]>;
  /** Whose each token was at `at`; unknown or out-of-window tokens are left out. */
  resolveTokens(tokens: readonly string[], at: number): Promise<Map<string, number>>;
  /** The session's secret for Bluetooth handshake proofs (derived, never stored). */
  handshakeKey(sessionId: string): string;
  /** Whether `proof` is the handshake proof (core `handshakeProof`) of a current own token. */
  verifyProof(
    sessionId: string,
    phase: HandshakePhase,
    partnerToken: string,
    proof: string,
    at: number,
  ): Promise<boolean>;
  /**
   * The other phone's half under `key` (taken, so it completes one handshake), or undefined
   * after leaving `half` there for the other phone for `ttlMs`. A half of the same user is
   * replaced.
   */
  matchHalf(key: string, half: HandshakeHalf, ttlMs: number): Promise<HandshakeHalf | undefined>;
  /** Records the minutes a running meeting has counted (a new leader resumes from them). */
  saveScore(meetingId: number, counted: readonly number[]): Promise<void>;
  loadScores(meetingIds: readonly number[]): Promise<Map<number, number[]>>;
  dropScore(meetingId: number): Promise<void>;
  close(): Promise<void>;
}

/** Whether `proof` is the handshake proof (packages/core) of one of the session's own tokens. */
export function verifyHandshakeProof(
  key: string,
  owns: readonly string[],
  phase: HandshakePhase,
  partner: string,
  proof: string,
) {
  const given = Buffer.from(proof, 'hex');
  for (const own of owns) {
    const expected = Buffer.from(handshakeProof(key, phase, own, partner), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  }
  return false;
}
