import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type {
  AppleCallbackBody,
  AppleRegistrationRequest,
  AuthResponse,
} from '@meeet/core/api/user';
import type { Locale } from '@meeet/core/i18n/locale';
import { normalizeEmail, validateEmail } from '@meeet/core/rules/email';
import { uniqueViolation } from '../../db/pg-errors.ts';
import type { Database } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { ClientContext, SessionsService } from './sessions.service.ts';
import type { TokenSigner } from './tokens.ts';
import { toUserPrivate } from './user-view.ts';
import { APPLE_SUB_UNIQUE, EMAIL_UNIQUE, usersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

export const APPLE_ISSUER = 'https://appleid.apple.com';
/** The web route that reads the outcome from the URL fragment (spec §2 Apple login). */
export const APPLE_LANDING = '/apple-login';
const STATE_TTL_SECONDS = 10 * 60;
const TICKET_TTL_SECONDS = 15 * 60;
const NAME_MAX = 64;

export interface AppleOptions {
  clientId: string | undefined;
  keysUrl: string;
  authUrl: string;
  /** Where Apple posts back: PUBLIC_URL + /api/user/apple/callback. */
  redirectUri: string;
}

interface AppleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const ticketInvalid = () =>
  new AppError(ErrorCode.BAD_REQUEST, {
    messageKey: 'msg.apple-ticket-invalid',
    fields: { ticket: 'msg.apple-ticket-invalid' },
  });

function landing(fragment: Record<string, string>): string {
  return `${APPLE_LANDING}#${new URLSearchParams(fragment).toString()}`;
}

function shortName(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, NAME_MAX) : null;
}

/** Apple sends the name once, as JSON in the `user` form field, and never inside the token. */
function namesFromUserField(user: string | undefined) {
  try {
    const parsed = JSON.parse(user ?? '{}') as {
      name?: { firstName?: unknown; lastName?: unknown };
    };
    return {
      firstName: shortName(parsed.name?.firstName),
      lastName: shortName(parsed.name?.lastName),
    };
  } catch {
    return { firstName: null, lastName: null };
  }
}

/**
 * Sign in with Apple (web flow, response_mode form_post). The outcome goes back to the web
 * app in the URL fragment, which never reaches a server log: a token for a known account, or
 * a short-lived signed ticket that lets a new user finish registration.
 */
export class AppleService {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly options: AppleOptions,
    private readonly deps: {
      db: Database;
      tokens: TokenSigner;
      sessions: SessionsService;
      users: UsersService;
    },
  ) {
    this.keys = createRemoteJWKSet(new URL(options.keysUrl));
  }

  /** Apple's authorize URL with a signed state that carries the nonce the token must echo. */
  async authorizeUrl(): Promise<string> {
    const clientId = this.clientId();
    const nonce = randomBytes(16).toString('base64url');
    const state = await this.deps.tokens.sign('apple-state', { nonce }, STATE_TTL_SECONDS);
    const url = new URL(this.options.authUrl);
    url.search = new URLSearchParams({
      response_type: 'code id_token',
      response_mode: 'form_post',
      client_id: clientId,
      redirect_uri: this.options.redirectUri,
      scope: 'name email',
      state,
      nonce,
    }).toString();
    return url.toString();
  }

  /** Where to send the browser after Apple posted back. Failures land on the page too. */
  async callback(body: AppleCallbackBody, client: ClientContext): Promise<string> {
    this.clientId();
    if (body.error)
      return landing({ error: body.error === 'user_cancelled_authorize' ? 'cancelled' : 'failed' });
    const identity = await this.verifyIdentity(body);
    if (!identity) return landing({ error: ErrorCode.TOKEN_INVALID });
    const { db, users } = this.deps;
    // Apple asks its own second factor (Sign in with Apple needs two-factor authentication on
    // the Apple ID), so no factor of ours is asked here; the rest of a sign-in applies.
    const known = await usersRepository.findByAppleSub(db, identity.sub);
    if (known) return landing({ token: (await users.openSession(known, client)).token });

    // Apple vouches for the address: an account with it is this person's, so link and sign in.
    if (identity.email && identity.emailVerified) {
      const byEmail = await usersRepository.findByEmail(db, identity.email);
      if (byEmail) {
        if (byEmail.appleSub) return landing({ error: ErrorCode.CONFLICT });
        const linked = await usersRepository.update(db, byEmail.id, {
          appleSub: identity.sub,
          emailVerified: true,
        });
        return landing({ token: (await users.openSession(linked ?? byEmail, client)).token });
      }
    }
    if (!identity.email) return landing({ error: ErrorCode.TOKEN_INVALID });

    const ticket = await this.deps.tokens.sign('apple-ticket', { ...identity }, TICKET_TTL_SECONDS);
    return landing({ ticket });
  }

  async completeRegistration(
    input: AppleRegistrationRequest,
    client: ClientContext,
    requestLocale: Locale,
  ): Promise<AuthResponse> {
    const payload = await this.deps.tokens.verify('apple-ticket', input.ticket);
    const sub = payload?.sub;
    const email = payload?.email;
    if (typeof sub !== 'string' || typeof email !== 'string') throw ticketInvalid();
    const { db, sessions, users } = this.deps;
    if (await usersRepository.findByAppleSub(db, sub)) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'msg.apple-account-exists' });
    }
    const referrerId = await users.referrerOf(input.promocode);
    try {
      const started = await db.transaction(async (tx) => {
        const user = await usersRepository.insert(tx, {
          email,
          passwordHash: null,
          appleSub: sub,
          emailVerified: payload?.emailVerified === true,
          firstName: input.firstName ?? shortName(payload?.firstName),
          lastName: input.lastName ?? shortName(payload?.lastName),
          locale: input.locale ?? requestLocale,
          promocode: input.promocode ?? null,
          referrerId,
        });
        await users.registered(tx, user, referrerId, client);
        return sessions.start(txOf(tx), user, client);
      });
      return { token: started.token, user: toUserPrivate(started.user) };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === APPLE_SUB_UNIQUE) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'msg.apple-account-exists' });
      }
      if (constraint === EMAIL_UNIQUE) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'msg.email-taken',
          fields: { email: 'msg.email-taken' },
        });
      }
      throw error;
    }
  }

  /** Configured with a Services ID: the Apple routes work. */
  get enabled(): boolean {
    return Boolean(this.options.clientId);
  }

  private clientId(): string {
    if (!this.options.clientId) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
    return this.options.clientId;
  }

  /** Apple's identity token checked against Apple's keys, issuer, our client id and the nonce. */
  private async verifyIdentity(body: AppleCallbackBody): Promise<AppleIdentity | null> {
    if (!body.state || !body.id_token) return null;
    const state = await this.deps.tokens.verify('apple-state', body.state);
    if (typeof state?.nonce !== 'string') return null;
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(body.id_token, this.keys, {
        issuer: APPLE_ISSUER,
        audience: this.clientId(),
        algorithms: ['RS256', 'ES256'],
      }));
    } catch {
      return null;
    }
    if (claims.nonce !== state.nonce || typeof claims.sub !== 'string' || claims.sub === '')
      return null;
    const rawEmail = typeof claims.email === 'string' ? claims.email : null;
    const email = rawEmail && validateEmail(rawEmail) === null ? normalizeEmail(rawEmail) : null;
    return {
      sub: claims.sub,
      email,
      // Apple has sent this as a boolean and as the string 'true'.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      ...namesFromUserField(body.user),
    };
  }
}
