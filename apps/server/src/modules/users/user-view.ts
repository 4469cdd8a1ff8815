import type { UserPrivate, UserPublic } from '@meeet/core/api/user';
import { KycStatus, type Gender, type KycStatus as KycStatusValue } from '@meeet/core/enums';
import type { ReferralLevel } from '@meeet/core/enums';
import type { Role } from '@meeet/core/roles';
import type { Locale } from '@meeet/core/i18n/locale';
import { activeDeviceLock } from '@meeet/core/rules/device-lock';
import { formatPromoCode } from '@meeet/core/rules/promo-code';
import type { UserRow } from './users.schema.ts';

function fullName(row: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return [row.firstName, row.lastName].filter((part) => part && part.trim() !== '').join(' ');
}

/**
 * The signed-in user as routes and other modules see them (`AuthContext.user`): the account
 * without its password hash, which only the users module reads, from the table, when it checks
 * a password.
 */
export type SignedInUser = Omit<UserRow, 'passwordHash'> & { hasPassword: boolean };

export function toSignedInUser(row: UserRow | SignedInUser): SignedInUser {
  if (!('passwordHash' in row)) return row;
  const { passwordHash, ...user } = row;
  return { ...user, hasPassword: passwordHash !== null };
}

/** What the user sees of themselves. Columns are CHECK-constrained to the enum values. */
export function toUserPrivate(account: UserRow | SignedInUser): UserPrivate {
  const row = toSignedInUser(account);
  const deviceLock = activeDeviceLock(row, Date.now());
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    surName: row.surName,
    fullName: fullName(row),
    domain: row.domain,
    gender: row.gender as Gender | null,
    bdate: row.bdate?.toISOString() ?? null,
    phone: row.phone,
    country: row.country,
    locale: row.locale as Locale,
    role: row.role as Role,
    referralLevel: row.referralLevel as ReferralLevel,
    promocode: row.promocode,
    referralCode: promoCodeOf(row),
    kycStatus: row.kycStatus as KycStatusValue,
    hasPassword: row.hasPassword,
    deviceLockUntil: deviceLock?.until ?? null,
    deviceLock,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The promo code a user hands out: their random one, else (older users) the sequential one. */
export function promoCodeOf(row: Pick<UserRow, 'id' | 'referralCode'>): string {
  return row.referralCode ?? formatPromoCode(row.id);
}

/** What anyone else may see: built field by field, so a new private column never leaks here. */
export function toUserPublic(row: UserRow): UserPublic {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row),
    domain: row.domain,
    gender: row.gender as Gender | null,
    country: row.country,
    kycVerified: row.kycStatus === KycStatus.APPROVED,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A user as other modules look one up by id: who, how to reach them, and what the staff tools
 * show. Built field by field, so the stored row's other columns never leave this module.
 */
export type UserAccount = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'domain'
  | 'firstName'
  | 'lastName'
  | 'surName'
  | 'phone'
  | 'country'
  | 'locale'
  | 'role'
  | 'kycStatus'
  | 'emailVerified'
  | 'referralLevel'
  | 'referralCode'
  | 'referrerId'
  | 'deviceLockUntil'
  | 'deviceLockReason'
  | 'createdAt'
>;

export function toUserAccount(row: UserRow): UserAccount {
  return {
    id: row.id,
    email: row.email,
    domain: row.domain,
    firstName: row.firstName,
    lastName: row.lastName,
    surName: row.surName,
    phone: row.phone,
    country: row.country,
    locale: row.locale,
    role: row.role,
    kycStatus: row.kycStatus,
    emailVerified: row.emailVerified,
    referralLevel: row.referralLevel,
    referralCode: row.referralCode,
    referrerId: row.referrerId,
    deviceLockUntil: row.deviceLockUntil,
    deviceLockReason: row.deviceLockReason,
    createdAt: row.createdAt,
  };
}
