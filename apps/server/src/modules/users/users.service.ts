import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalHoldReason } from '@meeet/core/api/custody';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type {
  AuthResponse,
  LoginRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  UserPrivate,
  UserPublic,
} from '@meeet/core/api/user';
import { KycStatus } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import { normalizeEmail } from '@meeet/core/rules/email';
import { validateNickname } from '@meeet/core/rules/nickname';
import { isProfileComplete } from '@meeet/core/rules/profile';
import { uniqueViolation } from '../../db/pg-errors.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf, type Tx } from '../../plugins/db.ts';
import type { CodesService } from '../codes/codes.service.ts';
import { invalidCode } from '../codes/codes.service.ts';
import { accountRepository } from './account.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { assertPasswordNotCommon, type PasswordHasher } from './passwords.ts';
import type { AuthContext, ClientContext, SessionsService } from './sessions.service.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { toUserPrivate, toUserPublic } from './user-view.ts';
import {
  DOMAIN_UNIQUE,
  EMAIL_UNIQUE,
  usersRepository,
  type UserChanges,
} from './users.repository.ts';
import type { UserRow } from './users.schema.ts';

import { promoCodeOwner } from './user-lookups.ts';
export {
  userLocales,
  userSignUpFigures,
  adminsAmong,
  adAudienceProfile,
  userById,
  usersByIds,
  userExists,
  promoCodeOwner,
  setReferralLevel,
  userContacts,
  searchUsersByText,
  userSessions,
  setUserRoleById,
  userIdByEmail,
} from './user-lookups.ts';
export type { UserFacts } from './user-lookups.ts';

export interface UsersServiceDeps {
  db: Database;
  sessions: SessionsService;
  codes: CodesService;
  hasher: PasswordHasher;
  loginLimiter: LoginLimiter;
  log: FastifyBaseLogger;
  /** The referral programme, told of a registration with a promo code (makes the tree edge). */
  referral?: {
    onRegistered(
      tx: Tx,
      userId: number,
      referrerId: number,
      fingerprint: string | null,
    ): Promise<void>;
  };
  /** The wallet: pauses withdrawals after a risky change (on the change's transaction). */
  holds?: {
    holdWithdrawals(
      userId: number,
      reason: WithdrawalHoldReason,
      until?: Date,
      tx?: Tx,
    ): Promise<unknown>;
  };
  /** The affiliate programme: attributes a registration and hears of a completed profile. */
  cpa?: {
    onRegistered(tx: Tx, userId: number, client: ClientContext): Promise<void>;
    onProfileCompleted(userId: number, tx?: Tx): Promise<void>;
  };
  /** Second factors: a sign-in from a device the account has not used asks for one. */
  factors?: {
    assertSignIn(
      userId: number,
      knownDevice: () => Promise<boolean>,
      factor: string | undefined,
    ): Promise<void>;
  };
}

const emailTaken = () =>
  new AppError(ErrorCode.CONFLICT, {
    messageKey: 'msg.email-taken',
    fields: { email: 'msg.email-taken' },
  });
const domainTaken = () =>
  new AppError(ErrorCode.CONFLICT, {
    messageKey: 'msg.username-taken',
    fields: { domain: 'msg.username-taken' },
  });
const invalidPromocode = () =>
  new AppError(ErrorCode.VALIDATION_ERROR, {
    messageKey: 'msg.invalid-promocode',
    fields: { promocode: 'msg.invalid-promocode' },
  });

/** The stored form of the profile fields a request carries; absent fields are left out. */
function profileChanges(input: ProfileUpdateRequest): UserChanges {
  const changes: UserChanges = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName || null;
  if (input.lastName !== undefined) changes.lastName = input.lastName || null;
  if (input.surName !== undefined) changes.surName = input.surName || null;
  if (input.domain !== undefined) changes.domain = input.domain;
  if (input.gender !== undefined) changes.gender = input.gender;
  if (input.bdate !== undefined) changes.bdate = new Date(input.bdate);
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.country !== undefined) changes.country = input.country;
  if (input.locale !== undefined) changes.locale = input.locale;
  return changes;
}

/** Accounts: sign-up, sign-in, profile, codes by mail. Each method checks access first. */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /**
   * The same answer, and the same argon2 work, whether or not the address exists, so neither
   * the body nor the timing tells an attacker which addresses have accounts.
   */
  async login(input: LoginRequest, client: ClientContext, factor?: string): Promise<AuthResponse> {
    const { db, hasher, loginLimiter } = this.deps;
    const email = normalizeEmail(input.email);
    const user = await usersRepository.findByEmail(db, email);
    // Asked for an unknown address too (no user has id 0), so the work is the same either way.
    const trusted = await sessionsRepository.isKnownSource(db, user?.id ?? 0, client);
    await loginLimiter.assertAllowed(email, client, trusted);
    const valid = user?.passwordHash
      ? await hasher.verify(user.passwordHash, input.password)
      : await hasher.verifyDummy(input.password);
    if (!user || !valid) {
      await loginLimiter.recordFailure(email, client, trusted);
      throw new AppError(ErrorCode.UNAUTHORIZED);
    }
    await loginLimiter.recordSuccess(email, client);
    // A device is known by its fingerprint alone here: a shared network is not the owner's phone.
    const knownDevice = () =>
      sessionsRepository.isKnownSource(db, user.id, { fingerprint: client.fingerprint, ip: null });
    await this.deps.factors?.assertSignIn(user.id, knownDevice, factor);
    return this.openSession(user, client);
  }

  /** A session for a user another module verified (a passkey sign-in). */
  async signInVerified(userId: number, client: ClientContext): Promise<AuthResponse> {
    const user = await usersRepository.findById(this.deps.db, userId);
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED);
    return this.openSession(user, client);
  }

  /**
   * Every sign-in of a verified user (password, passkey, Apple) ends here: a requested deletion
   * is cancelled (the answer says so), and the first sign-in from a device the account never
   * used (or one that hides) pauses withdrawals; the first sign-in of all does not.
   */
  async openSession(user: UserRow, client: ClientContext): Promise<AuthResponse> {
    const { db, sessions } = this.deps;
    const history = await sessionsRepository.fingerprintHistory(
      db,
      user.id,
      client.fingerprint ?? '',
    );
    const deletionCancelled = await accountRepository.cancelDeletion(db, user.id);
    const started = await sessions.start(txOf(db), user, client);
    if (history.anyKnown && !history.seen) {
      await this.deps.holds?.holdWithdrawals(user.id, 'new-device');
    }
    return {
      token: started.token,
      user: toUserPrivate(started.user),
      ...(deletionCancelled ? { deletionCancelled } : {}),
    };
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.deps.sessions.revoke(auth.sessionId);
  }

  async register(
    input: RegisterRequest,
    client: ClientContext,
    requestLocale: Locale,
  ): Promise<AuthResponse> {
    const { db, hasher, sessions } = this.deps;
    const { email, password, promocode, acceptTerms: _accepted, ...profile } = input;
    const referrerId = await this.referrerOf(promocode);
    assertPasswordNotCommon(input.password, [
      input.email,
      input.firstName ?? '',
      input.lastName ?? '',
    ]);
    // Checked before hashing so a taken address costs no argon2 work; the unique index still
    // decides a race between two registrations.
    if (await usersRepository.findByEmail(db, email)) throw emailTaken();
    if (profile.domain !== undefined && (await usersRepository.isDomainTaken(db, profile.domain))) {
      throw domainTaken();
    }
    const passwordHash = await hasher.hash(password);
    try {
      const started = await db.transaction(async (tx) => {
        const user = await usersRepository.insert(tx, {
          ...profileChanges(profile),
          email,
          passwordHash,
          locale: profile.locale ?? requestLocale,
          promocode: promocode ?? null,
          referrerId,
        });
        await this.registered(tx, user, referrerId, client);
        return sessions.start(txOf(tx), user, client);
      });
      return { token: started.token, user: toUserPrivate(started.user) };
    } catch (error) {
      const violated = uniqueViolation(error);
      if (violated === EMAIL_UNIQUE) throw emailTaken();
      if (violated === DOMAIN_UNIQUE) throw domainTaken();
      throw error;
    }
  }

  /** Whether a promo code is well formed and names an existing user (no error either way). */
  async isPromocodeValid(promocode: string): Promise<boolean> {
    return (await promoCodeOwner(txOf(this.deps.db), promocode)) !== null;
  }

  /**
   * What every registration (e-mail or Apple) does in its transaction: one with a promo code
   * joins the referrer's tree, and the affiliate programme attributes it (a profile complete
   * at once converts too).
   */
  async registered(
    tx: DbExecutor,
    user: UserRow,
    referrerId: number | null,
    client: ClientContext,
  ): Promise<void> {
    const unit = txOf(tx);
    if (referrerId !== null) {
      await this.deps.referral?.onRegistered(unit, user.id, referrerId, client.fingerprint);
    }
    if (this.deps.cpa) {
      await this.deps.cpa.onRegistered(unit, user.id, client);
      if (isProfileComplete(user)) await this.deps.cpa.onProfileCompleted(user.id, unit);
    }
  }

  /** The referrer a promo code names; an unknown one is refused rather than silently dropped. */
  async referrerOf(promocode: string | undefined): Promise<number | null> {
    if (promocode === undefined) return null;
    const owner = await promoCodeOwner(txOf(this.deps.db), promocode);
    if (owner === null) throw invalidPromocode();
    return owner;
  }

  me(auth: AuthContext): UserPrivate {
    return toUserPrivate(auth.user);
  }

  async updateProfile(auth: AuthContext, input: ProfileUpdateRequest): Promise<UserPrivate> {
    const { db } = this.deps;
    const current = auth.user;
    const renames =
      (input.firstName !== undefined && input.firstName !== current.firstName) ||
      (input.lastName !== undefined && input.lastName !== current.lastName);
    // KYC verified the name on the documents: changing it afterwards would void the check.
    if (renames && current.kycStatus === KycStatus.APPROVED) {
      const fields: Record<string, string> = {};
      if (input.firstName !== undefined) fields.firstName = 'msg.name-locked';
      if (input.lastName !== undefined) fields.lastName = 'msg.name-locked';
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'msg.name-locked', fields });
    }
    if (
      input.domain !== undefined &&
      (await usersRepository.isDomainTaken(db, input.domain, current.id))
    ) {
      throw domainTaken();
    }
    const changes = profileChanges(input);
    if (Object.keys(changes).length === 0) return toUserPrivate(current);
    try {
      const updated = await usersRepository.update(db, current.id, changes);
      if (!updated) throw new AppError(ErrorCode.TOKEN_INVALID);
      if (!isProfileComplete(current) && isProfileComplete(updated)) {
        await this.deps.cpa?.onProfileCompleted(current.id);
      }
      return toUserPrivate(updated);
    } catch (error) {
      if (uniqueViolation(error) === DOMAIN_UNIQUE) throw domainTaken();
      throw error;
    }
  }

  async publicProfile(id: number): Promise<UserPublic> {
    const user = await usersRepository.findById(this.deps.db, id);
    if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
    return toUserPublic(user);
  }

  /** Free for this caller: nobody else holds it in any letter case (your own counts as free). */
  async isDomainAvailable(domain: string, caller: AuthContext | null): Promise<boolean> {
    const error = validateNickname(domain);
    if (error) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, { fields: { domain: error } });
    }
    return !(await usersRepository.isDomainTaken(this.deps.db, domain.trim(), caller?.user.id));
  }

  /** Spec §8: an unknown address is told so (404 USER_NOT_FOUND). */
  async sendRecoveryCode(email: string) {
    const { db, codes } = this.deps;
    const user = await usersRepository.findByEmail(db, email);
    if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
    return codes.issue(user.email, 'recovery', (code) => ({
      to: user.email,
      locale: user.locale as Locale,
      template: { kind: 'recovery-code', code },
    }));
  }

  /**
   * Sets a new password with a recovery code and ends every session: whoever had the old
   * password may be the reason for the recovery. Proving the mailbox also confirms the e-mail.
   */
  async recoverPassword(input: { email: string; code: string; password: string }): Promise<void> {
    const { db, codes, hasher, sessions } = this.deps;
    // Checked before the address is looked up, and the same work follows either way (a hash,
    // a code lookup), so neither the answer nor its timing tells whether the address exists.
    assertPasswordNotCommon(input.password, [input.email]);
    const user = await usersRepository.findByEmail(db, input.email);
    const passwordHash = await hasher.hash(input.password);
    const revoked = await db.transaction(async (tx) => {
      if (!(await codes.consume(txOf(tx), input.email, 'recovery', input.code)) || !user)
        return null;
      await usersRepository.update(tx, user.id, { passwordHash, emailVerified: true });
      await this.deps.holds?.holdWithdrawals(user.id, 'email-recovery', undefined, txOf(tx));
      return sessionsRepository.revokeAllForUser(tx, user.id);
    });
    if (!revoked) throw invalidCode();
    sessions.notifyRevoked(revoked);
  }

  /** Needs the current password when there is one; every other session ends. */
  async changePassword(
    auth: AuthContext,
    input: { currentPassword?: string | undefined; password: string },
  ): Promise<void> {
    const { db, hasher, sessions } = this.deps;
    const user = auth.user;
    const storedHash = await usersRepository.passwordHashOf(db, user.id);
    if (storedHash) {
      const valid = input.currentPassword
        ? await hasher.verify(storedHash, input.currentPassword)
        : false;
      if (!valid) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, {
          fields: {
            currentPassword: input.currentPassword ? 'msg.wrong-password' : 'msg.required',
          },
        });
      }
    }
    assertPasswordNotCommon(input.password, [
      user.email,
      user.firstName ?? '',
      user.lastName ?? '',
    ]);
    const passwordHash = await hasher.hash(input.password);
    const revoked = await db.transaction(async (tx) => {
      await usersRepository.update(tx, user.id, { passwordHash });
      await this.deps.holds?.holdWithdrawals(user.id, 'password-change', undefined, txOf(tx));
      return sessionsRepository.revokeAllForUser(tx, user.id, auth.sessionId);
    });
    sessions.notifyRevoked(revoked);
  }

  async sendEmailVerifyCode(auth: AuthContext) {
    const { codes } = this.deps;
    const user = auth.user;
    if (user.emailVerified) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'msg.email-already-verified' });
    }
    return codes.issue(user.email, 'email_verify', (code) => ({
      to: user.email,
      locale: user.locale as Locale,
      template: { kind: 'email-verify-code', code },
    }));
  }

  async verifyEmail(auth: AuthContext, code: string): Promise<UserPrivate> {
    const { db, codes } = this.deps;
    if (!/^\d{6}$/.test(code)) throw invalidCode();
    const user = auth.user;
    const updated = await db.transaction(async (tx): Promise<UserRow | null> => {
      if (!(await codes.consume(txOf(tx), user.email, 'email_verify', code))) return null;
      return (await usersRepository.update(tx, user.id, { emailVerified: true })) ?? null;
    });
    if (!updated) throw invalidCode();
    return toUserPrivate(updated);
  }
}
