import { and, desc, eq, gt } from 'drizzle-orm';
import type { WithdrawalHold, WithdrawalHoldReason } from '@meeet/core/api/custody';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Locale } from '@meeet/core/i18n/locale';
import type { DbExecutor } from '../../db/client.ts';
import { withdrawalHolds } from './custody.schema.ts';

/** A moment as messages name it, in UTC: "29 Nov, 10:12 UTC" ("29 нояб., 10:12 UTC"). */
export function utcMoment(at: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

export const withdrawalHoldsRepository = {
  async insert(
    db: DbExecutor,
    userId: number,
    reason: WithdrawalHoldReason,
    until: Date,
  ): Promise<WithdrawalHold> {
    await db.insert(withdrawalHolds).values({ userId, reason, until });
    return { reason, until: until.toISOString() };
  },

  /** Ends the user's pauses of `reason` still in force at `now`. */
  async end(db: DbExecutor, userId: number, reason: WithdrawalHoldReason, now: Date) {
    await db
      .update(withdrawalHolds)
      .set({ until: now })
      .where(
        and(
          eq(withdrawalHolds.userId, userId),
          eq(withdrawalHolds.reason, reason),
          gt(withdrawalHolds.until, now),
        ),
      );
  },

  /** The pause in force at `now` that ends last, or null. */
  async active(db: DbExecutor, userId: number, now: Date): Promise<WithdrawalHold | null> {
    const [row] = await db
      .select({ reason: withdrawalHolds.reason, until: withdrawalHolds.until })
      .from(withdrawalHolds)
      .where(and(eq(withdrawalHolds.userId, userId), gt(withdrawalHolds.until, now)))
      .orderBy(desc(withdrawalHolds.until))
      .limit(1);
    return row ? { reason: row.reason, until: row.until.toISOString() } : null;
  },
};

/** The refusal of a withdrawal while a pause is in force: why and until when. */
export function withdrawalsHeld(hold: WithdrawalHold, locale: Locale): AppError {
  return new AppError(ErrorCode.WITHDRAWALS_HELD, {
    messageKey: `wallet.held.${hold.reason}`,
    params: { until: utcMoment(new Date(hold.until), locale) },
    details: { reason: hold.reason, until: hold.until },
  });
}
