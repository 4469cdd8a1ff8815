import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { CODE_TTL_MINUTES } from '@meeet/core/constants';
import type { Database, DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx, txOf } from '../../plugins/db.ts';
import type { MailRequest } from '../mail/mail.service.ts';
import { codesRepository, type CodePurpose } from './codes.repository.ts';

const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
/** Wrong guesses a code survives; the fifth kills it. */
export const CODE_MAX_FAILURES = 5;
/** One new code per address and purpose per this many seconds. */
export const CODE_RESEND_SECONDS = 60;
/** Wrong guesses an account may make across all its codes of one purpose in the window. */
export const CODE_DAILY_FAILURES = 10;
const CODE_FAILURE_WINDOW_MS = 24 * 60 * 60_000;

export type { CodePurpose };

export function invalidCode(): AppError {
  return new AppError(ErrorCode.INVALID_CODE, { fields: { code: 'error.INVALID_CODE' } });
}

/** `2026-11-24 08:15`: when a locked purpose opens again, as the message shows it (UTC). */
function formatUtc(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/** Where a code's mail goes: queued on the code's transaction, sent after its commit. */
export interface CodeMailOutbox {
  enqueue(tx: Tx, request: MailRequest): Promise<number>;
  flush(jobId: number): Promise<void>;
}

/**
 * Six-digit codes sent by mail. Stored as HMAC-SHA256 under a server key (bound to the address
 * and purpose), so the table alone gives nothing away. With five tries per code and one code
 * a minute, guessing a million-value code is hopeless.
 */
export class CodesService {
  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
    private readonly outbox: CodeMailOutbox,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A new code for the address (bound to `subject` when given), or 429 if one was issued less
   * than a minute ago. The mail `mailFor` writes is queued on the code's transaction and sent
   * after the commit, never inside it: a slow mail server holds no database connection, and
   * if it is down the queue delivers the mail once it is back.
   */
  async issue(
    email: string,
    purpose: CodePurpose,
    mailFor: (code: string) => MailRequest,
    subject?: string,
  ): Promise<{ retryAfterSeconds: number }> {
    const jobId = await this.db.transaction(async (tx) => {
      await codesRepository.lock(tx, email, purpose);
      const now = this.now();
      const latest = await codesRepository.latest(tx, email, purpose);
      const sinceLast = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
      if (sinceLast < CODE_RESEND_SECONDS * 1000) {
        const wait = Math.max(1, Math.ceil(CODE_RESEND_SECONDS - sinceLast / 1000));
        throw new AppError(ErrorCode.RATE_LIMITED, {
          messageKey: 'msg.too-many-codes',
          params: { count: wait },
          retryAfterSeconds: wait,
        });
      }
      const lockedUntil = await this.lockedUntil(tx, email, purpose, now);
      if (lockedUntil) {
        throw new AppError(ErrorCode.RATE_LIMITED, {
          messageKey: 'msg.codes-locked',
          params: { time: formatUtc(lockedUntil) },
          retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
        });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await codesRepository.insert(tx, {
        email,
        purpose,
        codeHash: this.hash(email, purpose, code, subject),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      return this.outbox.enqueue(txOf(tx), mailFor(code));
    });
    await this.outbox.flush(jobId);
    return { retryAfterSeconds: CODE_RESEND_SECONDS };
  }

  /**
   * Uses the address's newest code if `code` matches it, on the caller's transaction so the
   * action it unlocks commits with it. False for a wrong, expired, used or dead code. A wrong
   * guess is counted on the same transaction, so on false the caller must let the transaction
   * COMMIT (return, not throw) and refuse afterwards, or the guess would not count.
   */
  async consume(
    unit: Tx,
    email: string,
    purpose: CodePurpose,
    code: string,
    subject?: string,
  ): Promise<boolean> {
    const tx = executorOf(unit);
    await codesRepository.lock(tx, email, purpose);
    const latest = await codesRepository.latest(tx, email, purpose);
    const now = this.now();
    if (
      !latest ||
      latest.usedAt !== null ||
      latest.expiresAt.getTime() <= now.getTime() ||
      latest.failedAttempts >= CODE_MAX_FAILURES ||
      (await this.lockedUntil(tx, email, purpose, now))
    ) {
      return false;
    }
    const expected = Buffer.from(latest.codeHash, 'hex');
    const actual = Buffer.from(this.hash(email, purpose, code, subject), 'hex');
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(expected, actual)) {
      await codesRepository.recordFailure(tx, latest.id);
      return false;
    }
    await codesRepository.markUsed(tx, latest.id, now);
    return true;
  }

  /**
   * While the account has made CODE_DAILY_FAILURES wrong guesses at codes of this purpose in
   * the last 24 h, the moment that window lets go of enough of them; null when not locked.
   * Counted in PostgreSQL, so every server process sees the same ceiling.
   */
  private async lockedUntil(
    tx: DbExecutor,
    email: string,
    purpose: CodePurpose,
    now: Date,
  ): Promise<Date | null> {
    const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS);
    const failed = await codesRepository.failedSince(tx, email, purpose, since);
    let total = failed.reduce((sum, row) => sum + row.failedAttempts, 0);
    for (const row of failed) {
      if (total < CODE_DAILY_FAILURES) break;
      total -= row.failedAttempts;
      if (total < CODE_DAILY_FAILURES) {
        return new Date(row.createdAt.getTime() + CODE_FAILURE_WINDOW_MS);
      }
    }
    return null;
  }

  /**
   * A `subject` binds the code to what it approves (a withdrawal's amount, currency and
   * address): the same digits typed for anything else do not match, and count as a wrong try.
   */
  private hash(email: string, purpose: CodePurpose, code: string, subject?: string): string {
    const bound = subject === undefined ? '' : `\n${subject}`;
    return createHmac('sha256', this.key)
      .update(`${purpose}\n${email}\n${code}${bound}`)
      .digest('hex');
  }
}
