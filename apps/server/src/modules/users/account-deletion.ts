import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DeletionRequest, DeletionStatus } from '@meeet/core/api/account';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { deletionEraseAt, deletionNeedsForfeit } from '@meeet/core/rules/account-deletion';
import type { Database } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { eraseMedia } from '../media/media.personal-data.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { eraseMeetData } from '../meet/meet.personal-data.ts';
import type { PresenceStore } from '../meet/presence-store.ts';
import { erasePushTokens } from '../push/push.personal-data.ts';
import { heldFunds } from '../wallet/wallet.personal-data.ts';
import { accountRepository as repo } from './account.repository.ts';
import type { PasswordHasher } from './passwords.ts';
import type { AuthContext, SessionsService } from './sessions.service.ts';

/** The job kind that erases an account when its grace period is over. */
export const ERASE_ACCOUNT_JOB = 'account.erase';
const erasePayload = z.object({ userId: z.number().int() });

export interface AccountDeletionDeps {
  db: Database;
  jobs: JobQueue;
  chain: ChainRuntime;
  sessions: SessionsService;
  hasher: PasswordHasher;
  presence: PresenceStore;
  mediaStorage: MediaStorage;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Account deletion (docs/decisions.md, "Account deletion: grace, funds, erasure"): a request
 * signs the user out everywhere and schedules the erasure 30 days later; a sign-in before then
 * cancels it; the erasure anonymises the account and keeps its ledger rows.
 */
export class AccountDeletionService {
  constructor(private readonly deps: AccountDeletionDeps) {
    deps.jobs.register(ERASE_ACCOUNT_JOB, (payload) =>
      this.eraseIfDue(erasePayload.parse(payload).userId),
    );
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async status(auth: AuthContext): Promise<DeletionStatus> {
    const { db, chain } = this.deps;
    const [pending, funds] = await Promise.all([
      repo.pendingDeletion(db, auth.user.id),
      heldFunds(chain, db, auth.user.id),
    ]);
    return {
      eraseAt: pending?.eraseAt.toISOString() ?? null,
      usdt: funds.usdt.toString(),
      bnb: funds.bnb.toString(),
      tokens: funds.tokens,
      needsForfeit: deletionNeedsForfeit(funds),
      needsPassword: auth.user.passwordHash !== null,
    };
  }

  async request(auth: AuthContext, input: DeletionRequest): Promise<{ eraseAt: string }> {
    const { db, chain, hasher, jobs, sessions } = this.deps;
    const { user } = auth;
    if (user.passwordHash) {
      const valid = input.password ? await hasher.verify(user.passwordHash, input.password) : false;
      if (!valid) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, {
          fields: { password: input.password ? 'msg.wrong-password' : 'msg.required' },
        });
      }
    }
    const funds = await heldFunds(chain, db, user.id);
    if (deletionNeedsForfeit(funds) && !input.forfeit) {
      throw new AppError(ErrorCode.CONDITIONS_NOT_MET, {
        messageKey: 'msg.deletion-needs-forfeit',
      });
    }
    const requestedAt = this.now();
    const eraseAt = deletionEraseAt(requestedAt);
    await db.transaction(async (tx) => {
      await repo.requestDeletion(tx, {
        userId: user.id,
        requestedAt,
        eraseAt,
        forfeited: input.forfeit ?? false,
      });
      await jobs.enqueue(tx, ERASE_ACCOUNT_JOB, { userId: user.id }, { runAt: eraseAt });
    });
    this.deps.log.info({ userId: user.id, eraseAt }, 'account deletion requested');
    // Signed out everywhere: the next sign-in is the one that cancels.
    await sessions.revokeAllForUser(user.id);
    return { eraseAt: eraseAt.toISOString() };
  }

  /**
   * Every sign-in (Apple, and any other path that opens a session) cancels a pending deletion;
   * the password sign-in cancels it itself first, so that its answer can say so.
   */
  cancelOnEverySignIn(): void {
    this.deps.sessions.addSignInCheck(async (user) => {
      if (await repo.cancelDeletion(this.deps.db, user.id)) {
        this.deps.log.info({ userId: user.id }, 'account deletion cancelled by a sign-in');
      }
    });
  }

  /**
   * The erase job: nothing when the deletion was cancelled or is not due (a sign-in, then a new
   * request, leaves an older job behind). Repeats are harmless.
   */
  async eraseIfDue(userId: number): Promise<void> {
    const { db, mediaStorage, presence } = this.deps;
    const now = this.now();
    const removeFiles = await db.transaction(async (tx) => {
      const pending = await repo.lockPendingDeletion(tx, userId);
      if (!pending || pending.eraseAt > now) return null;
      await repo.anonymiseUser(tx, userId);
      await eraseMeetData(tx, userId);
      await erasePushTokens(tx, userId);
      const files = await eraseMedia(tx, userId, mediaStorage);
      await repo.markErased(tx, userId);
      return files;
    });
    if (!removeFiles) return;
    await removeFiles();
    await presence.remove(userId);
    this.deps.log.info({ userId }, 'account erased');
  }
}
