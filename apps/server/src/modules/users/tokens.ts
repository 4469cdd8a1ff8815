import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { AUTH_TOKEN_TTL_SECONDS } from '@meeet/core/constants';

const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ID = /^[1-9]\d{0,9}$/;
/** Access tokens whose signature was checked, kept by the token's text (~0.5 KB each). */
const VERIFIED_TOKENS_MAX = 10_000;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Short-lived signed values that are not access tokens; each kind has its own key. */
export type PurposeTokenKind = 'apple-state' | 'apple-ticket' | 'not-me';

/**
 * Signs and checks the JWTs the server hands out. Access tokens use JWT_SECRET itself; other
 * kinds use keys derived from it per purpose, so a ticket can never pass as an access token.
 * Verification pins HS256, which also refuses `alg: none` and any asymmetric-key confusion.
 */
export class TokenSigner {
  private readonly rawAccessKey: Uint8Array;
  /** Imported once: jose would otherwise import raw key bytes again on every verification. */
  private accessKey: Promise<CryptoKey> | undefined;
  private readonly secret: string;
  /**
   * A token's signature and claims never change, so each is checked once: the HMAC through
   * WebCrypto took ~0.2 ms of the event loop on every request and socket. Only the expiry is
   * checked again; revocation is the session row's business, read on every call.
   */
  private readonly verified = new LRUCache<string, AccessClaims & { expiresAtMs: number }>({
    max: VERIFIED_TOKENS_MAX,
  });

  constructor(secret: string) {
    this.secret = secret;
    this.rawAccessKey = new TextEncoder().encode(secret);
  }

  private key(): Promise<CryptoKey> {
    this.accessKey ??= crypto.subtle.importKey(
      'raw',
      this.rawAccessKey,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.accessKey;
  }

  /** A key for another use of the server secret (code HMACs, tickets), independent of the rest. */
  deriveKey(label: string): Buffer {
    return createHmac('sha256', this.secret).update(`meeet:${label}`).digest();
  }

  async signAccess(claims: AccessClaims, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + AUTH_TOKEN_TTL_SECONDS)
      .sign(await this.key());
  }

  /** The claims of a valid, unexpired access token; null for anything else. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs)
        return { userId: known.userId, sessionId: known.sessionId };
      this.verified.delete(token);
      return null;
    }
    const payload = await verifyOrNull(token, await this.key());
    if (!payload || typeof payload.sub !== 'string' || !USER_ID.test(payload.sub)) return null;
    if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    if (typeof payload.exp !== 'number') return null;
    const claims = { userId: Number(payload.sub), sessionId: payload.sid };
    this.verified.set(token, { ...claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  }

  sign(kind: PurposeTokenKind, claims: Record<string, unknown>, ttlSeconds: number) {
    return new SignJWT({ ...claims, purpose: kind })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.deriveKey(kind));
  }

  async verify(kind: PurposeTokenKind, token: string): Promise<JWTPayload | null> {
    const payload = await verifyOrNull(token, this.deriveKey(kind));
    return payload?.purpose === kind && typeof payload.exp === 'number' ? payload : null;
  }
}

async function verifyOrNull(
  token: string,
  key: Uint8Array | CryptoKey,
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    return payload;
  } catch {
    return null;
  }
}
