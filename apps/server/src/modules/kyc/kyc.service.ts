import { Role, hasRole } from '@meeet/core/roles';
import { assertRole } from '../../lib/access.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type {
  KycModerateRequest,
  KycModerationItem,
  KycModerationList,
  KycState,
} from '@meeet/core/api/kyc';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { KycStatus, nftTypeName, type NftType } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import { translate } from '@meeet/core/i18n/translate';
import { canReopenKyc, checkKycTransition, KycActor } from '@meeet/core/rules/kyc-status';
import { applicationLevel, mayModerate } from '@meeet/core/rules/moderation';
import { isProfileComplete } from '@meeet/core/rules/profile';
import type { Database } from '../../db/client.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { MailService } from '../mail/mail.service.ts';
import { kycImagesOf } from '../media/media.service.ts';
import { moderatedLevels } from './moderator-levels.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { kycPeople, type KycPerson } from '../users/kyc-people.service.ts';
import { kycRepository, type KycListFilter } from './kyc.repository.ts';
import type { KycDecisionRow, KycVerificationRow } from './kyc.schema.ts';

export interface KycServiceDeps {
  db: Database;
  mail: MailService;
  /** Pushes a notification to every socket of a user (room `user:<id>`). */
  notify: (userId: number, payload: NotificationPayload) => void;
  log: FastifyBaseLogger;
}

function transitionRefused(from: KycStatus, to: KycStatus): AppError {
  return new AppError(ErrorCode.CONFLICT, {
    messageKey: 'kyc.transition-forbidden',
    params: { from, to },
  });
}

function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

function toDecision(row: KycDecisionRow) {
  return {
    fromStatus: row.fromStatus as KycStatus,
    toStatus: row.toStatus as KycStatus,
    actor: row.actor as KycActor,
    comment: row.comment,
    maxNftType: row.maxNftType as NftType | null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toModerationItem(
  user: KycPerson,
  kyc: KycVerificationRow,
  history: readonly KycDecisionRow[],
): KycModerationItem {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    surName: user.surName,
    bdate: iso(user.bdate),
    country: user.country,
    status: kyc.status as KycStatus,
    moderatorComment: kyc.moderatorComment,
    maxNftType: kyc.maxNftType as NftType | null,
    requestedNftType: kyc.requestedNftType as NftType | null,
    levelRequestedAt: iso(kyc.levelRequestedAt),
    documentId: kyc.documentMediaId,
    selfieId: kyc.selfieMediaId,
    submittedAt: iso(kyc.submittedAt),
    decidedAt: iso(kyc.decidedAt),
    history: history.map((row) => ({ ...toDecision(row), actorId: row.actorId })),
  };
}

/**
 * Identity verification (spec §4): the user's steps and submission, and moderation. Every
 * status change goes through core's status machine, is written to the history and mirrored
 * on `users.kyc_status` in one transaction; the user hears of a decision after the commit.
 */
export class KycService {
  constructor(private readonly deps: KycServiceDeps) {}

  async state(auth: AuthContext): Promise<KycState> {
    const { db } = this.deps;
    const userId = auth.user.id;
    const [user, kyc, images, history] = await Promise.all([
      kycPeople.find(txOf(db), userId),
      kycRepository.find(db, userId),
      kycImagesOf(txOf(db), userId),
      kycRepository.history(db, [userId]),
    ]);
    if (!user) throw new AppError(ErrorCode.TOKEN_INVALID);
    return {
      status: user.kycStatus,
      moderatorComment: kyc?.moderatorComment ?? null,
      maxNftType: (kyc?.maxNftType ?? null) as NftType | null,
      requestedNftType: (kyc?.requestedNftType ?? null) as NftType | null,
      levelRequestedAt: iso(kyc?.levelRequestedAt),
      profileComplete: isProfileComplete(user),
      document: images.document,
      selfie: images.selfie,
      submittedAt: iso(kyc?.submittedAt),
      decidedAt: iso(kyc?.decidedAt),
      history: history.map(toDecision),
    };
  }

  /** Draft or rejected → requested, once the profile, document and selfie are there. */
  async submit(auth: AuthContext): Promise<KycState> {
    const userId = auth.user.id;
    await this.deps.db.transaction(async (tx) => {
      const from = await kycPeople.lockStatus(txOf(tx), userId);
      if (!from) throw new AppError(ErrorCode.TOKEN_INVALID);
      if (checkKycTransition(from, KycStatus.REQUESTED, KycActor.USER)) {
        throw transitionRefused(from, KycStatus.REQUESTED);
      }
      const user = await kycPeople.find(txOf(tx), userId);
      const fields: Record<string, string> = {};
      if (!isProfileComplete(user)) fields.profile = 'kyc.profile-incomplete';
      const images = await kycImagesOf(txOf(tx), userId);
      if (!images.document) fields.document = 'kyc.document-required';
      if (!images.selfie) fields.selfie = 'kyc.selfie-required';
      const [first] = Object.values(fields);
      if (first || !images.document || !images.selfie) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, { messageKey: first, fields });
      }
      await kycRepository.upsertSubmission(tx, {
        userId,
        documentMediaId: images.document.id,
        selfieMediaId: images.selfie.id,
      });
      await kycPeople.setStatus(txOf(tx), userId, KycStatus.REQUESTED);
      await kycRepository.addDecision(tx, {
        userId,
        fromStatus: from,
        toStatus: KycStatus.REQUESTED,
        actor: KycActor.USER,
        actorId: userId,
        comment: null,
        maxNftType: null,
      });
    });
    return this.state(auth);
  }

  /**
   * A verified user asks for a higher level than their approval allows. The approval stands;
   * the request waits in the moderators' list (`levelRequested`) until their next decision.
   */
  async requestLevel(auth: AuthContext, level: NftType): Promise<KycState> {
    const userId = auth.user.id;
    await this.deps.db.transaction(async (tx) => {
      const status = await kycPeople.lockStatus(txOf(tx), userId);
      if (!status) throw new AppError(ErrorCode.TOKEN_INVALID);
      const kyc = await kycRepository.find(tx, userId);
      if (status !== KycStatus.APPROVED || !kyc) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'kyc.level-request-not-approved' });
      }
      if (kyc.maxNftType !== null && level <= kyc.maxNftType) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, {
          messageKey: 'kyc.level-already-allowed',
          params: { level: nftTypeName(kyc.maxNftType as NftType) },
          fields: { level: 'kyc.level-already-allowed' },
        });
      }
      await kycRepository.requestLevel(tx, userId, level);
    });
    return this.state(auth);
  }

  /** A moderator's levels (spec §6); undefined for an admin, who sees and decides all. */
  private async scopeOf(auth: AuthContext): Promise<NftType[] | undefined> {
    if (hasRole(auth.user.role as Role, Role.ADMIN)) return undefined;
    return moderatedLevels(this.deps.db, auth.user.id);
  }

  async list(auth: AuthContext | null, filter: KycListFilter): Promise<KycModerationList> {
    const caller = assertRole(auth, Role.MODERATOR);
    const { db } = this.deps;
    const page = await kycRepository.list(
      db,
      filter,
      filter.lastName
        ? await kycPeople.idsWithLastNamePrefix(txOf(db), filter.lastName)
        : undefined,
      await this.scopeOf(caller),
    );
    const ids = page.rows.map((kyc) => kyc.userId);
    const [people, history] = await Promise.all([
      kycPeople.findMany(txOf(db), ids),
      kycRepository.history(db, ids),
    ]);
    const byId = new Map(people.map((user) => [user.id, user]));
    return {
      offset: filter.offset,
      limit: filter.limit,
      total: page.total,
      list: page.rows.flatMap((kyc) => {
        const user = byId.get(kyc.userId);
        return user
          ? [
              toModerationItem(
                user,
                kyc,
                history.filter((row) => row.userId === user.id),
              ),
            ]
          : [];
      }),
    };
  }

  /** A moderator's (or admin's) decision on the verification of user `userId`. */
  async moderate(
    auth: AuthContext,
    userId: number,
    input: KycModerateRequest,
  ): Promise<KycModerationItem> {
    assertRole(auth, Role.MODERATOR);
    if (userId === auth.user.id) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'kyc.own-application' });
    }
    const to = input.status;
    const comment = input.moderatorComment || null;
    const maxNftType = to === KycStatus.APPROVED ? (input.maxNftType ?? null) : null;
    const scope = await this.scopeOf(auth);
    const result = await this.deps.db.transaction(async (tx) => {
      const from = await kycPeople.lockStatus(txOf(tx), userId);
      if (!from) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
      const kyc = await kycRepository.find(tx, userId);
      const level = applicationLevel((kyc?.requestedNftType ?? null) as NftType | null);
      if (kyc && scope && !mayModerate(scope, level, maxNftType)) {
        throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'kyc.level-not-moderated' });
      }
      if (!kyc || checkKycTransition(from, to, KycActor.MODERATOR)) {
        throw transitionRefused(from, to);
      }
      const decided = await kycRepository.decide(tx, userId, {
        status: to,
        maxNftType,
        moderatorComment: comment,
        decidedBy: auth.user.id,
      });
      const user = await kycPeople.setStatus(txOf(tx), userId, to);
      await kycRepository.addDecision(tx, {
        userId,
        fromStatus: from,
        toStatus: to,
        actor: KycActor.MODERATOR,
        actorId: auth.user.id,
        comment,
        maxNftType,
      });
      // The decision mail commits with the decision: a crash right after loses no mail.
      const mailJob = await this.deps.mail.enqueue(txOf(tx), {
        to: user.email,
        locale: user.locale as Locale,
        template: { kind: 'kyc-decision', status: to, comment, maxNftType },
      });
      return { user, kyc: decided, mailJob };
    });
    this.tell(result.user, to, comment, maxNftType as NftType | null);
    await this.deps.mail.flush(result.mailJob);
    const history = await kycRepository.history(this.deps.db, [userId]);
    return toModerationItem(result.user, result.kyc, history);
  }

  /** In the app, in the user's language (the mail is queued with the decision). */
  private tell(
    user: KycPerson,
    status: KycStatus,
    comment: string | null,
    maxNftType: NftType | null,
  ): void {
    const locale = user.locale as Locale;
    const params = {
      comment: comment ?? '—',
      level: maxNftType === null ? '—' : nftTypeName(maxNftType),
    };
    this.deps.notify(user.id, {
      text: translate(locale, `kyc.notice.${status}`, params),
      color:
        status === KycStatus.APPROVED
          ? 'success'
          : status === KycStatus.REQUESTED
            ? 'info'
            : 'warning',
    });
  }
}

/** For the monitor: verifications waiting for a moderator, and the oldest one's submit time. */
export function kycWaitingFigures(tx: Tx) {
  return kycRepository.waiting(executorOf(tx));
}

/**
 * For the market: whether the user's verification is approved, and the highest NFT level the
 * moderator allowed (null unless approved). In the caller's `Tx`.
 */
export async function kycApproval(
  tx: Tx,
  userId: number,
): Promise<{ approved: boolean; maxNftType: NftType | null }> {
  const row = await kycRepository.find(executorOf(tx), userId);
  const approved = row?.status === KycStatus.APPROVED;
  return { approved, maxNftType: approved ? (row?.maxNftType as NftType | null) : null };
}

/** A user's KYC status and, when approved, the highest level it allows (the minting rules). */
export async function kycFacts(
  tx: Tx,
  userId: number,
): Promise<{ status: KycStatus; maxNftType: NftType | null }> {
  const db = executorOf(tx);
  const [user, kyc] = await Promise.all([
    kycPeople.find(tx, userId),
    kycRepository.find(db, userId),
  ]);
  const status = user?.kycStatus ?? KycStatus.DRAFT;
  return {
    status,
    maxNftType:
      status === KycStatus.APPROVED ? ((kyc?.maxNftType ?? null) as NftType | null) : null,
  };
}

/** For the staff user page: the verification and every decision on it, oldest first. */
export async function kycHistoryOf(tx: Tx, userId: number) {
  const db = executorOf(tx);
  const [kyc, facts, history] = await Promise.all([
    kycRepository.find(db, userId),
    kycFacts(tx, userId),
    kycRepository.history(db, [userId]),
  ]);
  return {
    status: facts.status,
    maxNftType: facts.maxNftType,
    moderatorComment: kyc?.moderatorComment ?? null,
    submittedAt: iso(kyc?.submittedAt),
    decidedAt: iso(kyc?.decidedAt),
    history: history.map((row) => ({ ...toDecision(row), actorId: row.actorId })),
  };
}

/**
 * An admin re-opens a decided verification (issue 46): back to draft, where the user may
 * submit again, written to the history with the reason, and the user's mail queued, all on the
 * caller's transaction. Returns the mail job to flush after the commit.
 */
export async function reopenKyc(
  unit: Tx,
  mail: MailService,
  input: { userId: number; actorId: number; reason: string },
): Promise<number> {
  const tx = executorOf(unit);
  const { userId, actorId, reason } = input;
  const from = await kycPeople.lockStatus(unit, userId);
  if (!from) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
  if (!canReopenKyc(from)) {
    throw new AppError(ErrorCode.CONFLICT, { messageKey: 'staff.kyc-not-reopenable' });
  }
  await kycRepository.reopen(tx, userId, { moderatorComment: reason, decidedBy: actorId });
  const user = await kycPeople.setStatus(unit, userId, KycStatus.DRAFT);
  await kycRepository.addDecision(tx, {
    userId,
    fromStatus: from,
    toStatus: KycStatus.DRAFT,
    actor: KycActor.MODERATOR,
    actorId,
    comment: reason,
    maxNftType: null,
  });
  return mail.enqueue(txOf(tx), {
    to: user.email,
    locale: user.locale as Locale,
    template: { kind: 'kyc-decision', status: KycStatus.DRAFT, comment: reason, maxNftType: null },
  });
}
