import { createHmac, randomBytes } from 'node:crypto';
import type { ProximityToken } from '@meeet/core/api/meetings';

/** A token is still resolved this long after its window (clocks and queued pings differ). */
export const GRACE_MS = 60_000;
/** Windows handed out at once: the current one and the next ones. */
export const WINDOWS_AHEAD = 3;

interface Issued {
  userId: number;
  sessionId: string;
  device: string | null;
  from: number;
  until: number;
}

/**
 * Rotating proximity tokens (issue 12): 16 random bytes per session and time window, broadcast
 * over Bluetooth LE. Only the server knows whose a token is, so a heard token proves nearness
 * to that user in that window and is useless to anyone else. Kept in process memory (the
 * in-process meetings store); `RedisMeetingsStore` keeps them in Redis for several processes.
 */
export class ProximityTokens {
  private readonly byToken = new Map<string, Issued>();
  private readonly bySession = new Map<string, string[]>();
  private lastSweep = 0;

  constructor(
    private readonly secret: string,
    private readonly rotateMs: number,
  ) {}

  /** The current and next tokens of a session, made on first ask and kept for their window. */
  issue(userId: number, sessionId: string, device: string | null, now: number): ProximityToken[] {
    this.sweep(now);
    const start = Math.floor(now / this.rotateMs) * this.rotateMs;
    const own = this.bySession.get(sessionId) ?? [];
    const tokens: ProximityToken[] = [];
    for (let i = 0; i < WINDOWS_AHEAD; i++) {
      const from = start + i * this.rotateMs;
      let token = own.find((t) => this.byToken.get(t)?.from === from);
      if (!token) {
        token = randomBytes(16).toString('hex');
        this.byToken.set(token, { userId, sessionId, device, from, until: from + this.rotateMs });
        own.push(token);
      }
      tokens.push({ token, from, until: from + this.rotateMs });
    }
    this.bySession.set(sessionId, own);
    return tokens;
  }

  /** Whose token it was at `at`, or undefined for a token unknown or out of its window. */
  resolve(token: string, at: number): number | undefined {
    const issued = this.byToken.get(token);
    if (!issued || at < issued.from - GRACE_MS || at >= issued.until + GRACE_MS) return undefined;
    return issued.userId;
  }

  /** The session's tokens valid at `at` (a handshake proof names one of them). */
  tokensOf(sessionId: string, at: number): string[] {
    return (this.bySession.get(sessionId) ?? []).filter((token) => {
      const issued = this.byToken.get(token);
      return issued !== undefined && at >= issued.from - GRACE_MS && at < issued.until + GRACE_MS;
    });
  }

  /** The session's secret for Bluetooth handshake proofs (derived, never stored). */
  handshakeKey(sessionId: string): string {
    return createHmac('sha256', this.secret).update(`handshake:${sessionId}`).digest('hex');
  }

  private sweep(now: number): void {
    // A full pass at most once a window keeps the work per call constant.
    if (now - this.lastSweep < this.rotateMs) return;
    this.lastSweep = now;
    for (const [token, issued] of this.byToken) {
      if (issued.until + GRACE_MS >= now) continue;
      this.byToken.delete(token);
      const own = this.bySession.get(issued.sessionId);
      if (!own) continue;
      const left = own.filter((t) => t !== token);
      if (left.length === 0) this.bySession.delete(issued.sessionId);
      else this.bySession.set(issued.sessionId, left);
    }
  }
}
