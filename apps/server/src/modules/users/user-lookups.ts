/**
 * What other modules read and set of a user, each in the caller's `Tx`: languages, roles,
 * contacts, promo codes, the staff tools' lookups. Re-exported by users.service.ts.
 */
import type { Locale } from '@meeet/core/i18n/locale';
import type { ReferralLevel } from '@meeet/core/enums';
import { Role } from '@meeet/core/roles';
import { parsePromoCode } from '@meeet/core/rules/promo-code';
import type { DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { toUserAccount, type UserAccount } from './user-view.ts';
import { usersRepository } from './users.repository.ts';
import type { UserRow } from './users.schema.ts';

/** For other modules: the language of each of `ids` (users who vanished are left out). */
export async function userLocales(tx: Tx, ids: readonly number[]): Promise<Map<number, Locale>> {
  const rows = await usersRepository.locales(executorOf(tx), ids);
  return new Map(rows.map((row) => [row.id, row.locale as Locale]));
}

/** For the monitor: accounts in all, today (UTC) and in the last 7 days. */
export function userSignUpFigures(tx: Tx) {
  return usersRepository.signUpCounts(executorOf(tx));
}

/** For other modules: which of `ids` are admins (the monitor is pushed to them only). */
export function adminsAmong(tx: Tx, ids: readonly number[]): Promise<number[]> {
  return usersRepository.withRole(executorOf(tx), ids, Role.ADMIN);
}

/** For ads (only with the advertising consent): the profile facts an audience may target. */
export async function adAudienceProfile(
  tx: Tx,
  id: number,
): Promise<{ country: string | null; gender: number | null; age: number | null }> {
  const row = await usersRepository.audience(executorOf(tx), id);
  if (!row) return { country: null, gender: null, age: null };
  let age: number | null = null;
  if (row.bdate) {
    const now = new Date();
    age = now.getUTCFullYear() - row.bdate.getUTCFullYear();
    const beforeBirthday =
      now.getUTCMonth() < row.bdate.getUTCMonth() ||
      (now.getUTCMonth() === row.bdate.getUTCMonth() && now.getUTCDate() < row.bdate.getUTCDate());
    if (beforeBirthday) age--;
  }
  return { country: row.country?.toUpperCase() ?? null, gender: row.gender, age };
}

/**
 * What other modules read of a user (a signed-in caller's `auth.user` is one): who, the e-mail
 * and profile checks that gate meeting, verification and the device lock. Never the stored row.
 */
export type UserFacts = Pick<
  UserRow,
  | 'id'
  | 'domain'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'bdate'
  | 'emailVerified'
  | 'kycStatus'
  | 'deviceLockUntil'
  | 'deviceLockReason'
>;

/** For other modules: the user, in the caller's `Tx` (so inside its transaction). */
export async function userById(tx: Tx, id: number): Promise<UserAccount | undefined> {
  const row = await usersRepository.findById(executorOf(tx), id);
  return row && toUserAccount(row);
}

/** For other modules: the users among `ids` (those who vanished are left out), in no order. */
export async function usersByIds(tx: Tx, ids: readonly number[]): Promise<UserAccount[]> {
  return (await usersRepository.findByIds(executorOf(tx), ids)).map(toUserAccount);
}

export function userExists(db: DbExecutor, id: number): Promise<boolean> {
  return usersRepository.exists(db, id);
}

/**
 * The user a promo code names: a random code by lookup, an old sequential one by its id
 * (they keep working); null for a malformed code or one naming nobody.
 */
export async function promoCodeOwner(tx: Tx, code: string): Promise<number | null> {
  const parsed = parsePromoCode(code);
  if (!parsed.ok) return null;
  if ('referralCode' in parsed) {
    return (await usersRepository.idByReferralCode(executorOf(tx), parsed.referralCode)) ?? null;
  }
  return (await usersRepository.exists(executorOf(tx), parsed.userId)) ? parsed.userId : null;
}

/** For the referral programme: the user's referral level (Human, or Business once approved). */
export function setReferralLevel(tx: Tx, userId: number, level: ReferralLevel) {
  return usersRepository.setReferralLevel(executorOf(tx), userId, level);
}

/** For the affiliate programme's partner list: the e-mail and nickname of each of `ids`. */
export async function userContacts(
  tx: Tx,
  ids: readonly number[],
): Promise<Map<number, { email: string; nickname: string | null }>> {
  const found = new Map<number, { email: string; nickname: string | null }>();
  for (const id of new Set(ids)) {
    const row = await usersRepository.findById(executorOf(tx), id);
    if (row) found.set(id, { email: row.email, nickname: row.domain });
  }
  return found;
}

/** For the staff tools: users whose e-mail or nickname starts with `text`, nickname hits first. */
export function searchUsersByText(tx: Tx, text: string, limit: number) {
  return usersRepository.searchByText(executorOf(tx), text, limit);
}

/** For the staff tools: the user's newest sessions, ended ones included. */
export function userSessions(tx: Tx, userId: number, limit: number) {
  return sessionsRepository.listForUser(executorOf(tx), userId, limit);
}

/** For the staff tools: sets a user's role in the caller's `Tx`; false if no such user. */
export async function setUserRoleById(tx: Tx, userId: number, role: Role): Promise<boolean> {
  return (await usersRepository.update(executorOf(tx), userId, { role })) !== undefined;
}

/** For other modules: the id of the account with this e-mail (any letter case), if any. */
export async function userIdByEmail(tx: Tx, email: string): Promise<number | null> {
  return (await usersRepository.findByEmail(executorOf(tx), email))?.id ?? null;
}
