import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { HTTP_HEADERS } from '@meeet/core/constants';
import { hasRole, type Role } from '@meeet/core/roles';
import type { AppConfig } from '../config.ts';
import {
  SessionsService,
  type AuthContext,
  type ClientContext,
  type SessionCaller,
} from '../modules/users/sessions.service.ts';
import { TokenSigner } from '../modules/users/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    sessions: SessionsService;
    /** Route hook: 401 TOKEN_INVALID unless the Bearer token belongs to a live session. */
    requireAuth: onRequestAsyncHookHandler;
    /** Route hook: requireAuth, then 403 FORBIDDEN below `role` (admins pass moderator checks). */
    requireRole: (role: Role) => onRequestAsyncHookHandler;
    /**
     * Route hook: 401 TOKEN_INVALID unless the Bearer token is signed and unexpired; sets
     * `request.caller`. Only for a route whose own statement checks the session's life and
     * refuses with TOKEN_INVALID (chat send); every other route uses `requireAuth`.
     */
    requireSessionInStatement: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set once `authenticate()` has run and found a live session; null otherwise. */
    auth: AuthContext | null;
    /**
     * Checks the Bearer token on first call and remembers the answer, so routes that never ask
     * never touch the database for it. Null for a missing or unusable token.
     */
    authenticate(): Promise<AuthContext | null>;
    authChecked: boolean;
    /** Set by `requireSessionInStatement`. */
    caller: SessionCaller | null;
  }
}

/**
 * Marks the route hooks that authenticate, so the OpenAPI document takes each operation's
 * security and 401/403 answers from the hook itself (one source), not from a hand-written copy.
 */
export const AUTH_HOOK = Symbol.for('meeet.auth-hook');
export type AuthHookKind = 'auth' | 'role';

function markAuthHook<T extends object>(hook: T, kind: AuthHookKind): T {
  return Object.assign(hook, { [AUTH_HOOK]: kind });
}

/** The kind of authentication a hook performs, or undefined for any other hook. */
export function authHookKind(hook: unknown): AuthHookKind | undefined {
  return typeof hook === 'function'
    ? ((hook as unknown as Record<symbol, AuthHookKind | undefined>)[AUTH_HOOK] ?? undefined)
    : undefined;
}

/** Printable ASCII without spaces, bounded: anything else is not a fingerprint we store. */
const FINGERPRINT = /^[\x21-\x7e]{1,128}$/;
const BEARER = /^Bearer\s+(\S+)$/i;
const USER_AGENT_MAX = 512;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The `x-fp` value when it looks like a fingerprint, else null. */
export function parseFingerprint(value: unknown): string | null {
  return typeof value === 'string' && FINGERPRINT.test(value) ? value : null;
}

export function requestFingerprint(request: FastifyRequest): string | null {
  return parseFingerprint(header(request, HTTP_HEADERS.FINGERPRINT));
}

export function clientContext(request: FastifyRequest): ClientContext {
  return {
    fingerprint: requestFingerprint(request),
    userAgent: header(request, 'user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
    ip: request.ip ?? null,
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(header(request, 'authorization') ?? '')?.[1];
}

/** The authenticated caller of a route that runs `requireAuth`; throws if the hook is missing. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ErrorCode.TOKEN_INVALID);
  return request.auth;
}

/** The caller of a route that runs `requireSessionInStatement`; throws if the hook is missing. */
export function callerOf(request: FastifyRequest): SessionCaller {
  if (!request.caller) throw new AppError(ErrorCode.TOKEN_INVALID);
  return request.caller;
}

/**
 * Authentication by route hooks, never by URL prefix: a route is protected because it says
 * `onRequest: app.requireAuth`. The hooks throw AppError, so every refusal has the one body.
 */
async function auth(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const tokens = new TokenSigner(config.jwtSecret);
  const sessions = new SessionsService(
    app.db,
    tokens,
    app.log,
    () => new Date(),
    config.meetings.deviceLockMs,
  );
  app.decorate('tokens', tokens);
  app.decorate('sessions', sessions);
  // preClose, so the database is certainly still open (onClose hooks of one level run in an
  // order the plugins' registration decides).
  app.addHook('preClose', () => sessions.flushTouches());

  app.decorateRequest('auth', null);
  app.decorateRequest('authChecked', false);
  app.decorateRequest('authenticate', async function (this: FastifyRequest) {
    if (!this.authChecked) {
      const token = bearerToken(this);
      this.auth = token ? await sessions.authenticate(token, requestFingerprint(this)) : null;
      this.authChecked = true;
    }
    return this.auth;
  });

  const requireAuth: onRequestAsyncHookHandler = async (request) => {
    if (!(await request.authenticate())) throw new AppError(ErrorCode.TOKEN_INVALID);
  };
  app.decorate('requireAuth', markAuthHook(requireAuth, 'auth'));
  app.decorate('requireRole', (role: Role): onRequestAsyncHookHandler => {
    const requireRole: onRequestAsyncHookHandler = async (request) => {
      const caller = await request.authenticate();
      if (!caller) throw new AppError(ErrorCode.TOKEN_INVALID);
      if (!hasRole(caller.user.role as Role, role)) throw new AppError(ErrorCode.FORBIDDEN);
    };
    return markAuthHook(requireRole, 'role');
  });

  app.decorateRequest('caller', null);
  const requireSessionInStatement: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verifyAccess(token) : null;
    if (!claims) throw new AppError(ErrorCode.TOKEN_INVALID);
    request.caller = { ...claims, fingerprint: requestFingerprint(request) };
  };
  app.decorate('requireSessionInStatement', markAuthHook(requireSessionInStatement, 'auth'));
}

export const authPlugin = fp(auth, { name: 'auth', dependencies: ['db'] });
