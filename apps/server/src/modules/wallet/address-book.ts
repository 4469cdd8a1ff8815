import { and, desc, eq, sql } from 'drizzle-orm';
import type { SavedAddress } from '@meeet/core/api/custody';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Locale } from '@meeet/core/i18n/locale';
import type { DbExecutor } from '../../db/client.ts';
import {
  withdrawalAddresses,
  withdrawalSettings,
  type WithdrawalAddressRow,
} from './custody.schema.ts';
import { utcMoment } from './withdrawal-holds.ts';

/** The most addresses one user may save. */
export const ADDRESS_BOOK_MAX = 50;

export function toSavedAddress(row: WithdrawalAddressRow): SavedAddress {
  return {
    id: row.id,
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    usableFrom: row.usableFrom.toISOString(),
  };
}

export const addressBookRepository = {
  list(db: DbExecutor, userId: number): Promise<WithdrawalAddressRow[]> {
    return db
      .select()
      .from(withdrawalAddresses)
      .where(eq(withdrawalAddresses.userId, userId))
      .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
  },

  async count(db: DbExecutor, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawalAddresses)
      .where(eq(withdrawalAddresses.userId, userId));
    return row?.n ?? 0;
  },

  async find(
    db: DbExecutor,
    userId: number,
    address: string,
  ): Promise<WithdrawalAddressRow | undefined> {
    const [row] = await db
      .select()
      .from(withdrawalAddresses)
      .where(
        and(
          eq(withdrawalAddresses.userId, userId),
          sql`lower(${withdrawalAddresses.address}) = ${address.toLowerCase()}`,
        ),
      )
      .limit(1);
    return row;
  },

  /** Null when the user already saved this address (the unique index). */
  async insert(
    db: DbExecutor,
    values: { userId: number; address: string; label: string; usableFrom: Date },
  ): Promise<WithdrawalAddressRow | null> {
    const [row] = await db
      .insert(withdrawalAddresses)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  },

  async remove(db: DbExecutor, userId: number, id: number): Promise<boolean> {
    const removed = await db
      .delete(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.userId, userId), eq(withdrawalAddresses.id, id)))
      .returning({ id: withdrawalAddresses.id });
    return removed.length > 0;
  },

  async onlySaved(db: DbExecutor, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ onlySaved: withdrawalSettings.onlySaved })
      .from(withdrawalSettings)
      .where(eq(withdrawalSettings.userId, userId))
      .limit(1);
    return row?.onlySaved ?? false;
  },

  async setOnlySaved(db: DbExecutor, userId: number, onlySaved: boolean): Promise<void> {
    await db
      .insert(withdrawalSettings)
      .values({ userId, onlySaved })
      .onConflictDoUpdate({
        target: withdrawalSettings.userId,
        set: { onlySaved, updatedAt: sql`now()` },
      });
  },
};

/**
 * Whether the book lets a withdrawal go to `address` at `now`: a saved address only after its
 * hold; an unsaved one only while the "only to saved addresses" switch is off.
 */
export async function assertAddressUsable(
  db: DbExecutor,
  userId: number,
  address: string,
  now: Date,
  locale: Locale,
): Promise<void> {
  const saved = await addressBookRepository.find(db, userId, address);
  if (saved) {
    if (saved.usableFrom > now) {
      throw new AppError(ErrorCode.ADDRESS_ON_HOLD, {
        messageKey: 'wallet.address-on-hold',
        params: { usableFrom: utcMoment(saved.usableFrom, locale) },
        fields: { address: 'wallet.address-on-hold' },
        details: { usableFrom: saved.usableFrom.toISOString() },
      });
    }
    return;
  }
  if (await addressBookRepository.onlySaved(db, userId)) {
    throw new AppError(ErrorCode.ADDRESS_NOT_SAVED, {
      messageKey: 'wallet.address-not-saved',
      fields: { address: 'wallet.address-not-saved' },
    });
  }
}
