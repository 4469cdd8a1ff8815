import type { Address } from 'viem';
import type {
  AddressBookResponse,
  SavedAddress,
  WithdrawalHold,
  WithdrawalHoldReason,
} from '@meeet/core/api/custody';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Locale } from '@meeet/core/i18n/locale';
import type { Database, DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx, txOf } from '../../plugins/db.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import {
  ADDRESS_BOOK_MAX,
  addressBookRepository as book,
  assertAddressUsable,
  toSavedAddress,
} from './address-book.ts';
import { walletRepository } from './wallet.repository.ts';
import {
  utcMoment,
  withdrawalHoldsRepository as holds,
  withdrawalsHeld,
} from './withdrawal-holds.ts';

export interface WithdrawalCustodyDeps {
  db: Database;
  mail: Pick<MailService, 'enqueue' | 'flush'>;
  /** How long a new address waits, and a risky change pauses withdrawals (24 h by default). */
  holdMs: number;
  now?: () => Date;
}

/**
 * Who may receive the user's withdrawals, and when (issue 45): the saved-address book with its
 * hold and its "only to saved addresses" switch, and the pauses after risky account changes.
 * Every change takes the user's wallet row lock (when the wallet exists), the lock a withdrawal
 * holds while it checks, so a change and a withdrawal never interleave.
 */
/**
 * "This wasn't me" freezes withdrawals with no end of its own: only a recovery by e-mail (the
 * mailbox proved) lifts it. A password change does not: whoever reported it may be the one
 * who knows the password.
 */
const UNTIL_RECOVERY = new Date('9999-12-31T00:00:00.000Z');

export class WithdrawalCustody {
  private readonly now: () => Date;

  constructor(private readonly deps: WithdrawalCustodyDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Pauses the user's withdrawals until `until` (default: the configured hold from now). Runs
   * on `tx` — pass the transaction of the change that causes it so both commit together.
   */
  holdWithdrawals(
    userId: number,
    reason: WithdrawalHoldReason,
    until?: Date,
    tx?: Tx,
  ): Promise<WithdrawalHold> {
    const db = tx ? executorOf(tx) : this.deps.db;
    const now = this.now();
    const end =
      until ?? (reason === 'not-me' ? UNTIL_RECOVERY : new Date(now.getTime() + this.deps.holdMs));
    return db.transaction(async (tx) => {
      await walletRepository.lockWallet(tx, userId);
      // The recovery's own pause follows the freeze it ends.
      if (reason === 'email-recovery') await holds.end(tx, userId, 'not-me', now);
      return holds.insert(tx, userId, reason, end);
    });
  }

  /** The pause in force now that ends last, or null. */
  activeHold(userId: number, db: DbExecutor = this.deps.db): Promise<WithdrawalHold | null> {
    return holds.active(db, userId, this.now());
  }

  /**
   * Refuses a withdrawal to `to` now: a pause in force, an address still in its hold, or an
   * unsaved address while the switch is on. Call under the wallet lock for the final check.
   */
  async assertWithdrawalAllowed(
    db: DbExecutor,
    userId: number,
    to: Address,
    locale: Locale,
  ): Promise<void> {
    const now = this.now();
    const hold = await holds.active(db, userId, now);
    if (hold) throw withdrawalsHeld(hold, locale);
    await assertAddressUsable(db, userId, to, now, locale);
  }

  async book(userId: number): Promise<AddressBookResponse> {
    const [rows, onlySaved] = await Promise.all([
      book.list(this.deps.db, userId),
      book.onlySaved(this.deps.db, userId),
    ]);
    return { addresses: rows.map(toSavedAddress), onlySaved };
  }

  /** Saves an address with its hold, and mails the owner naming it (committed together). */
  async add(auth: AuthContext, input: { address: Address; label: string }): Promise<SavedAddress> {
    const userId = auth.user.id;
    const usableFrom = new Date(this.now().getTime() + this.deps.holdMs);
    const { row, jobId } = await this.deps.db.transaction(async (tx) => {
      await walletRepository.lockWallet(tx, userId);
      if ((await book.count(tx, userId)) >= ADDRESS_BOOK_MAX) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'wallet.address-book-full',
          params: { count: ADDRESS_BOOK_MAX },
        });
      }
      const saved = await book.insert(tx, { userId, ...input, usableFrom });
      if (!saved) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'wallet.address-already-saved',
          fields: { address: 'wallet.address-already-saved' },
        });
      }
      const mailLocale = auth.user.locale as Locale;
      const job = await this.deps.mail.enqueue(txOf(tx), {
        to: auth.user.email,
        locale: mailLocale,
        template: {
          kind: 'withdrawal-address-added',
          address: saved.address,
          label: saved.label,
          usableFrom: utcMoment(saved.usableFrom, mailLocale),
        },
      });
      return { row: saved, jobId: job };
    });
    await this.deps.mail.flush(jobId);
    return toSavedAddress(row);
  }

  /** Removes a saved address at once; another user's or an unknown id is 404. */
  async remove(userId: number, id: number): Promise<AddressBookResponse> {
    const removed = await this.deps.db.transaction(async (tx) => {
      await walletRepository.lockWallet(tx, userId);
      return book.remove(tx, userId, id);
    });
    if (!removed) throw new AppError(ErrorCode.NOT_FOUND);
    return this.book(userId);
  }

  async setOnlySaved(userId: number, onlySaved: boolean): Promise<AddressBookResponse> {
    await this.deps.db.transaction(async (tx) => {
      await walletRepository.lockWallet(tx, userId);
      await book.setOnlySaved(tx, userId, onlySaved);
    });
    return this.book(userId);
  }
}
