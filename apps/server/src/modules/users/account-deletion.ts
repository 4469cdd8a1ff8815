import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DeletionRequest, DeletionStatus } from '@meeet/core/api/account';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { deletionEraseAt, deletionNeedsForfeit } from '@meeet/core/rules/account-deletion';
import type { Database } from '../../db/client.ts';
import type { HeldFunds } from '@meeet/core/rules/account-deletion';
import type { DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { accountRepository as repo } from './account.repository.ts';
import type { PasswordHasher } from './passwords.ts';
import { usersRepository } from './users.repository.ts';
import type { AuthContext, SessionsService } from './sessions.service.ts';

/** The job kind that erases an account when its grace period is over. */
export const ERASE_ACCOUNT_JOB = 'account.erase';
const erasePayload = z.object({ userId: z.number().int() });

export interface AccountDeletionDeps {
  db: Database;
  jobs: JobQueue;
  sessions: SessionsService;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Another module's part of the erasure, run in its transaction; it may answer work to do after
 * the commit (files, live presence). Modules give theirs through plugins/personal-data.ts, so
 * this module imports none of them.
 */
export type PersonalDataEraser = (
  tx: DbExecutor,
  userId: number,
) => Promise<void | (() => Promise<void>)>;

/** What the user still holds at the custodial address (the wallet's part). */
export type FundsReader = (userId: number) => Promise<HeldFunds>;

/**
 * Account deletion (docs/decisions.md, "Account deletion: grace, funds, erasure"): a request
 * signs the user out everywhere and schedules the erasure 30 days later; a sign-in before then
 * cancels it; the erasure anonymises the account and keeps its ledger rows.
 */
export class AccountDeletionService {
  private readonly erasers: PersonalDataEraser[] = [];
  private funds: FundsReader = async () => ({ usdt: 0n, bnb: 0n, tokens: 0 });

  constructor(private readonly deps: AccountDeletionDeps) {
    deps.jobs.register(ERASE_ACCOUNT_JOB, (payload) =>
      this.eraseIfDue(erasePayload.parse(payload).userId),
    );
  }

  addEraser(eraser: PersonalDataEraser): void {
    this.erasers.push(eraser);
  }

  readFundsWith(reader: FundsReader): void {
    this.funds = reader;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async status(auth: AuthContext): Promise<DeletionStatus> {
    const [pending, funds] = await Promise.all([
      repo.pendingDeletion(this.deps.db, auth.user.id),
      this.funds(auth.user.id),
    ]);
    return {
      eraseAt: pending?.eraseAt.toISOString() ?? null,
      usdt: funds.usdt.toString(),
      bnb: funds.bnb.toString(),
      tokens: funds.tokens,
      needsForfeit: deletionNeedsForfeit(funds),
      needsPassword: auth.user.hasPassword,
    };
  }

  async request(auth: AuthContext, input: DeletionRequest): Promise<{ eraseAt: string }> {
    const { db, hasher, jobs, sessions } = this.deps;
    const { user } = auth;
    const passwordHash = await usersRepository.passwordHashOf(db, user.id);
    if (passwordHash) {
      const valid = input.password ? await hasher.verify(passwordHash, input.password) : false;
      if (!valid) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, {
          fields: { password: input.password ? 'msg.wrong-password' : 'msg.required' },
        });
      }
    }
    const funds = await this.funds(user.id);
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
      await jobs.enqueue(txOf(tx), ERASE_ACCOUNT_JOB, { userId: user.id }, { runAt: eraseAt });
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
    const now = this.now();
    const afterCommit = await this.deps.db.transaction(async (tx) => {
      const pending = await repo.lockPendingDeletion(tx, userId);
      if (!pending || pending.eraseAt > now) return null;
      await repo.anonymiseUser(tx, userId);
      const after: (() => Promise<void>)[] = [];
      for (const erase of this.erasers) {
        const then = await erase(tx, userId);
        if (then) after.push(then);
      }
      await repo.markErased(tx, userId);
      return after;
    });
    if (!afterCommit) return;
    for (const then of afterCommit) await then();
    this.deps.log.info({ userId }, 'account erased');
  }
}
