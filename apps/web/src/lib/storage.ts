import { CLIENT_STORAGE_KEYS } from '@meeet/client/storage';

/**
 * Every browser storage entry of spec §3 in one typed place, so a key is never spelled twice.
 * Access is wrapped because storage throws in some private modes and sandboxed frames.
 */
export const STORAGE_KEYS = {
  // auth, accessKey, fp and locale: the entries the iOS app keeps too (packages/client).
  ...CLIENT_STORAGE_KEYS,
  buyingNftId: 'buyingNftId',
  cpa: 'cpa',
  cpaUid: 'cpa_uid',
  cpaExpiration: 'cpa_expiration',
  cookieDialogHidden: 'cookie-dialog-hidden',
  installAppDialogHidden: 'install-app-dialog-hidden',
  /** The referral code a /ref/{code} visit brought, kept until registration uses it. */
  promocode: 'promocode',
  /** Session: the sign-in just cancelled a pending account deletion; the account page says so. */
  deletionCancelled: 'deletion-cancelled',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export type StorageKind = 'local' | 'session';

function area(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey, kind: StorageKind = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string, kind: StorageKind = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // A full or blocked storage must not break the page; the value simply does not persist.
  }
}

export function removeStorage(key: StorageKey, kind: StorageKind = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // See writeStorage.
  }
}

/** A flag counts as set when either storage holds 'true' (spec §4 cookie banner). */
export function isFlagSet(key: StorageKey): boolean {
  return readStorage(key, 'local') === 'true' || readStorage(key, 'session') === 'true';
}
