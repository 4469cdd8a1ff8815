import type { DeviceLockReason } from '@meeet/core/api/device-lock';
import type { StoredDeviceLock } from '@meeet/core/rules/device-lock';
import { DEVICE_LOCK_MAX_MS } from '@meeet/core/constants';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import {
  liveSessionSql,
  sessionsRepository,
  type LiveSessionCaller,
} from './sessions.repository.ts';
import type { AccessClaims, TokenSigner } from './tokens.ts';
import { usersRepository } from './users.repository.ts';
import type { UserRow } from './users.schema.ts';
import { toSignedInUser, type SignedInUser } from './user-view.ts';

/** Who is calling, as far as the request tells. */
export interface ClientContext {
  fingerprint: string | null;
  userAgent: string | null;
  ip: string | null;
}

/** A session as the account's owner is shown it: device, address, start, last use. */
export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface AuthContext {
  user: SignedInUser;
  sessionId: string;
}

/** A sign-in that opened a session, told to listeners on the sign-in's own transaction. */
export interface SignedIn {
  tx: Tx;
  user: SignedInUser;
  sessionId: string;
  client: ClientContext;
  /** The account had sessions before, none of them from this device. */
  newDevice: boolean;
}

/**
 * The caller of a route that checks the session in its own statement instead of reading it
 * first (chat send: under load each round trip waits a turn of the event loop and a pool
 * connection). The token is verified; whether its session still lives is not known yet.
 */
export interface SessionCaller extends AccessClaims {
  fingerprint: string | null;
}

/**
 * For other modules: the part of their own statement that finds the caller's session alive
 * (one row of `seen_at` and `unfingerprinted`, or none); see `liveSessionSql`.
 */
export function liveSessionSubquery(caller: LiveSessionCaller): SQL {
  return liveSessionSql(caller);
}

/** last_seen_at is written at most this often per session, so most reads write nothing. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * The sessions due a touch are written together this often: one statement for all of them,
 * instead of one per request holding a pool connection the requests themselves wait for.
 */
const TOUCH_FLUSH_MS = 5_000;

/**
 * Sessions behind the tokens: starting one, authenticating a token
 * against it, revoking. Listeners hear of revocations after they are committed (the socket
 * plugin disconnects those sessions' sockets).
 */
export class SessionsService {
  private readonly revokedListeners = new Set<(sessionIds: readonly string[]) => void>();
  private readonly signInChecks: ((user: SignedInUser) => Promise<void>)[] = [];
  private readonly signedInListeners: ((event: SignedIn) => Promise<void>)[] = [];
  private readonly dueTouch = new Set<string>();
  private touchTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly tokens: TokenSigner,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    /** How long attesting another phone pauses minting (configurable, at most 72 h). */
    private readonly deviceLockMs: number = DEVICE_LOCK_MAX_MS,
  ) {}

  onRevoked(listener: (sessionIds: readonly string[]) => void): void {
    this.revokedListeners.add(listener);
  }

  /**
   * Adds a check every sign-in passes before its session opens (password, Apple, registration);
   * it refuses by throwing an AppError. The meet module refuses banned users this way.
   */
  addSignInCheck(check: (user: SignedInUser) => Promise<void>): void {
    this.signInChecks.push(check);
  }

  /**
   * Adds a listener every opened session is told of, on the sign-in's executor (a transaction
   * during registration), so what it writes commits with the session. The security module
   * mails a sign-in from a new device this way.
   */
  onSignedIn(listener: (event: SignedIn) => Promise<void>): void {
    this.signedInListeners.push(listener);
  }

  /** Call after the transaction that revoked `sessionIds` has committed. */
  notifyRevoked(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of this.revokedListeners) listener(sessionIds);
  }

  /** Whether any session of the user ever carried this device fingerprint. */
  async hasUsedDevice(tx: Tx, userId: number, fingerprint: string): Promise<boolean> {
    return (await sessionsRepository.fingerprintHistory(executorOf(tx), userId, fingerprint)).seen;
  }

  /** Ends a user's device-protection lock (a moderator's decision); the row as it is now. */
  async liftDeviceLock(userId: number): Promise<SignedInUser | undefined> {
    const row = await usersRepository.update(this.db, userId, {
      deviceLockUntil: null,
      deviceLockReason: null,
    });
    return row && toSignedInUser(row);
  }

  /**
   * PRODUCT.md "The device lock is about the phone that proves meetings": the account moved to
   * another attested phone, so minting pauses for the configured lock (72 h at most). Sign-ins,
   * web or app, never lock. Returns the account's lock as it is afterwards.
   */
  async lockForNewPhone(tx: Tx, userId: number): Promise<StoredDeviceLock | undefined> {
    const row = await this.lockedForNewPhone(executorOf(tx), userId);
    return row && { deviceLockUntil: row.deviceLockUntil, deviceLockReason: row.deviceLockReason };
  }

  private lockedForNewPhone(db: DbExecutor, userId: number): Promise<UserRow | undefined> {
    if (this.deviceLockMs <= 0) return usersRepository.findById(db, userId);
    const until = new Date(this.now().getTime() + Math.min(this.deviceLockMs, DEVICE_LOCK_MAX_MS));
    this.log.info({ userId }, 'another phone attested: minting locked');
    return usersRepository.update(db, userId, {
      deviceLockUntil: until,
      deviceLockReason: 'new-phone' satisfies DeviceLockReason,
    });
  }

  /**
   * Opens a session and returns its token, with the user as it is afterwards. Runs on the
   * caller's transaction so registration is one transaction.
   */
  async start(
    tx: Tx,
    user: UserRow,
    client: ClientContext,
  ): Promise<{ token: string; user: UserRow }> {
    const db = executorOf(tx);
    const account = toSignedInUser(user);
    for (const check of this.signInChecks) await check(account);
    const history =
      this.signedInListeners.length > 0
        ? await sessionsRepository.deviceHistory(db, user.id, client)
        : null;
    const session = await sessionsRepository.insert(db, { userId: user.id, ...client });
    const newDevice = history !== null && history.anySession && !history.knownDevice;
    for (const listener of this.signedInListeners) {
      await listener({ tx, user: account, sessionId: session.id, client, newDevice });
    }
    const token = await this.tokens.signAccess({ userId: user.id, sessionId: session.id });
    return { token, user };
  }

  /**
   * The user and session behind a token, or null when the token is malformed, forged, expired
   * or its session revoked. One query per call, nothing cached.
   */
  async authenticate(token: string, fingerprint: string | null): Promise<AuthContext | null> {
    const claims = await this.tokens.verifyAccess(token);
    return claims ? this.authenticateClaims(claims, fingerprint) : null;
  }

  /** As `authenticate`, for claims already verified (`TokenSigner.verifyAccess`). */
  async authenticateClaims(
    claims: AccessClaims,
    fingerprint: string | null,
  ): Promise<AuthContext | null> {
    const found = await sessionsRepository.findActiveWithUser(
      this.db,
      claims.sessionId,
      claims.userId,
    );
    if (!found) return null;
    const { user, session } = found;
    this.seen(session.id, session.lastSeenAt);
    // Sessions opened without a fingerprint (Sign in with Apple arrives as a browser redirect)
    // take the first one their client sends.
    if (session.fingerprint === null && fingerprint) {
      await sessionsRepository.setFingerprint(this.db, session.id, fingerprint);
    }
    return { user: toSignedInUser(user), sessionId: session.id };
  }

  /** The session was used: its last_seen_at is written soon if it is older than a minute. */
  seen(sessionId: string, lastSeenAt: Date): void {
    if (this.now().getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) this.touchSoon(sessionId);
  }

  private touchSoon(sessionId: string): void {
    this.dueTouch.add(sessionId);
    if (this.touchTimer) return;
    this.touchTimer = setTimeout(() => void this.flushTouches(), TOUCH_FLUSH_MS);
    this.touchTimer.unref();
  }

  /** Writes last_seen_at of the sessions used since the last flush (also before shutdown). */
  async flushTouches(): Promise<void> {
    if (this.touchTimer) clearTimeout(this.touchTimer);
    this.touchTimer = null;
    if (this.dueTouch.size === 0) return;
    const sessionIds = [...this.dueTouch];
    this.dueTouch.clear();
    await sessionsRepository
      .touch(this.db, sessionIds)
      .catch((error: unknown) => this.log.warn({ err: error }, 'session touch failed'));
  }

  async revoke(sessionId: string): Promise<void> {
    if (await sessionsRepository.revoke(this.db, sessionId)) this.notifyRevoked([sessionId]);
  }

  /** The user's active sessions, most recently used first. */
  /** The user's sessions that are not ended, most recently used first, as the owner sees them. */
  async listActive(userId: number): Promise<ActiveSession[]> {
    const rows = await sessionsRepository.listActive(this.db, userId);
    return rows.map(({ id, userAgent, ip, createdAt, lastSeenAt }) => ({
      id,
      userAgent,
      ip,
      createdAt,
      lastSeenAt,
    }));
  }

  /**
   * Ends one of the caller's own sessions (another device's, or this one); its tokens stop
   * working on the next call and its sockets are disconnected. False when there was no such
   * active session of the caller's.
   */
  async endOwn(auth: AuthContext, sessionId: string): Promise<boolean> {
    const ended = await sessionsRepository.revokeOwn(this.db, auth.user.id, sessionId);
    if (ended) this.notifyRevoked([sessionId]);
    return ended;
  }

  /** Ends every session of the caller but the one asking; how many ended. */
  async endOthers(auth: AuthContext): Promise<number> {
    const ended = await sessionsRepository.revokeAllForUser(this.db, auth.user.id, auth.sessionId);
    this.notifyRevoked(ended);
    return ended.length;
  }

  /**
   * Ends every session of the user (a moderator's ban, "This wasn't me"); their sockets are
   * disconnected. Returns how many ended.
   */
  async revokeAllForUser(userId: number): Promise<number> {
    const revoked = await sessionsRepository.revokeAllForUser(this.db, userId);
    this.notifyRevoked(revoked);
    return revoked.length;
  }

  /** The current row of a user whose socket is open (the socket keeps only the id). */
  async userOf(userId: number): Promise<SignedInUser | undefined> {
    const row = await usersRepository.findById(this.db, userId);
    return row && toSignedInUser(row);
  }
}
