import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  STAFF_SEARCH_LIMIT,
  StaffAction,
  StaffMatch,
  type StaffActionRequest,
  type StaffAuditEntry,
  type StaffSearchResult,
  type StaffUserDetail,
  type StaffUserRow,
} from '@meeet/core/api/staff';
import type { KycStatus, NftType } from '@meeet/core/enums';
import { Role, hasRole } from '@meeet/core/roles';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { assertRole } from '../../lib/access.ts';
import { kycFacts, reopenKyc } from '../kyc/kyc.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AccountBans } from '../meet/bans.plugin.ts';
import type { AuthContext, SessionsService } from '../users/sessions.service.ts';
import {
  searchUsersByText,
  setUserRoleById,
  userById,
  userSessions,
} from '../users/users.service.ts';
import { depositAddressOf, depositAddressOwner } from '../wallet/deposit-owners.ts';
import { staffRepository } from './staff.repository.ts';
import type { StaffAuditRow } from './staff.schema.ts';

const SESSIONS_SHOWN = 50;
const AUDIT_SHOWN = 100;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const USER_ID = /^\d{1,9}$/;

export interface StaffServiceDeps {
  db: Database;
  sessions: SessionsService;
  bans: AccountBans;
  /** Token levels the user holds on chain (empty when the chain cannot say). */
  levelsHeld: (userId: number) => Promise<NftType[]>;
  log: FastifyBaseLogger;
  mail: MailService;
}

/** A user as the users service answers it (no table type crosses the seam). */
type FoundUser = NonNullable<Awaited<ReturnType<typeof userById>>>;

const refused = (messageKey: string) => new AppError(ErrorCode.CONFLICT, { messageKey });

function toRow(user: FoundUser, banned: boolean): StaffUserRow {
  return {
    id: user.id,
    email: user.email,
    nickname: user.domain,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as Role,
    kycStatus: user.kycStatus as KycStatus,
    banned,
    createdAt: user.createdAt.toISOString(),
  };
}

function toAuditEntry(row: StaffAuditRow): StaffAuditEntry {
  return {
    id: row.id,
    action: row.action as StaffAction,
    reason: row.reason,
    actorId: row.actorId,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The staff tools (issue 46): find a user by any key they are known by, read their page, and
 * act on it with a reason the audit trail keeps. Reading is for moderators and admins; acting
 * and the audit trail are for admins.
 */
export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  async search(auth: AuthContext | null, q: string): Promise<StaffSearchResult> {
    assertRole(auth, Role.MODERATOR);
    const { db } = this.deps;
    const found = new Map<number, { user: FoundUser; match: StaffMatch }>();
    if (USER_ID.test(q)) {
      const user = await userById(txOf(db), Number(q));
      if (user) found.set(user.id, { user, match: StaffMatch.ID });
    }
    if (ADDRESS.test(q)) {
      const ownerId = await depositAddressOwner(txOf(db), q);
      const user = ownerId === null ? undefined : await userById(txOf(db), ownerId);
      if (user) found.set(user.id, { user, match: StaffMatch.ADDRESS });
    }
    const text = q.startsWith('@') ? q.slice(1) : q;
    if (text) {
      for (const user of await searchUsersByText(txOf(db), text, STAFF_SEARCH_LIMIT)) {
        if (found.has(user.id)) continue;
        const match = user.byNickname ? StaffMatch.NICKNAME : StaffMatch.EMAIL;
        found.set(user.id, { user, match });
      }
    }
    const hits = [...found.values()].slice(0, STAFF_SEARCH_LIMIT);
    const banned = await this.deps.bans.bannedAmong(hits.map((hit) => hit.user.id));
    return {
      list: hits.map(({ user, match }) => ({ ...toRow(user, banned.has(user.id)), match })),
    };
  }

  async user(auth: AuthContext | null, userId: number): Promise<StaffUserDetail> {
    const caller = assertRole(auth, Role.MODERATOR);
    const { db } = this.deps;
    const user = await userById(txOf(db), userId);
    if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
    const admin = hasRole(caller.user.role as Role, Role.ADMIN);
    const [banned, depositAddress, kyc, levels, sessions, audit] = await Promise.all([
      this.deps.bans.isBanned(userId),
      depositAddressOf(txOf(db), userId),
      kycFacts(txOf(db), userId),
      this.deps.levelsHeld(userId).catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'staff: token levels unavailable');
        return [];
      }),
      userSessions(txOf(db), userId, SESSIONS_SHOWN),
      admin ? staffRepository.trailOf(db, userId, AUDIT_SHOWN) : Promise.resolve(null),
    ]);
    const lockUntil = user.deviceLockUntil;
    const locked = lockUntil !== null && lockUntil.getTime() > Date.now();
    return {
      user: {
        ...toRow(user, banned),
        surName: user.surName,
        phone: user.phone,
        country: user.country,
        locale: user.locale,
        emailVerified: user.emailVerified,
        referralLevel: user.referralLevel,
        referrerId: user.referrerId,
      },
      deviceLock: locked ? { until: lockUntil.toISOString(), reason: user.deviceLockReason } : null,
      depositAddress,
      kyc,
      levels,
      sessions: sessions.map((session) => ({
        id: session.id,
        fingerprint: session.fingerprint,
        userAgent: session.userAgent,
        ip: session.ip,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        revokedAt: session.revokedAt?.toISOString() ?? null,
      })),
      audit: audit && audit.map(toAuditEntry),
    };
  }

  /**
   * One admin action on a user, written with its audit row in one transaction; what must
   * happen outside the database (sessions and sockets ending) follows the commit.
   */
  async act(
    auth: AuthContext | null,
    userId: number,
    input: StaffActionRequest,
  ): Promise<StaffUserDetail> {
    const caller = assertRole(auth, Role.ADMIN);
    if (userId === caller.user.id) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'staff.self' });
    }
    const { db, bans, sessions } = this.deps;
    const actorId = caller.user.id;
    const audit = (tx: DbExecutor, details: Record<string, string> = {}) =>
      staffRepository.record(tx, {
        userId,
        actorId,
        action: input.action,
        reason: input.reason,
        details,
      });
    const mailJob = await db.transaction(async (tx) => {
      const user = await userById(txOf(tx), userId);
      if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
      switch (input.action) {
        case StaffAction.BAN:
          if (!(await bans.ban(txOf(tx), userId, actorId))) throw refused('staff.already-banned');
          break;
        case StaffAction.UNBAN:
          if (!(await bans.unban(txOf(tx), userId))) throw refused('staff.not-banned');
          break;
        case StaffAction.ROLE:
          if (user.role === input.role) throw refused('staff.same-role');
          await setUserRoleById(txOf(tx), userId, input.role);
          await audit(tx, { from: user.role, to: input.role });
          return null;
        case StaffAction.LIFT_DEVICE_LOCK:
          if (!user.deviceLockUntil || user.deviceLockUntil.getTime() <= Date.now()) {
            throw refused('staff.not-locked');
          }
          break;
        case StaffAction.REVOKE_SESSIONS:
          break;
        case StaffAction.REOPEN_KYC: {
          const job = await reopenKyc(txOf(tx), this.deps.mail, {
            userId,
            actorId,
            reason: input.reason,
          });
          await audit(tx, { from: user.kycStatus });
          return job;
        }
      }
      await audit(tx);
      return null;
    });
    if (mailJob !== null) await this.deps.mail.flush(mailJob);
    if (input.action === StaffAction.BAN) await bans.enforce(userId);
    if (input.action === StaffAction.REVOKE_SESSIONS) await sessions.revokeAllForUser(userId);
    if (input.action === StaffAction.LIFT_DEVICE_LOCK) await sessions.liftDeviceLock(userId);
    return this.user(caller, userId);
  }
}
