/** Spec §3 storage entries the app keeps: the auth record, the socket key, fingerprint, locale. */
export const STORAGE_KEYS = {
  auth: 'auth',
  accessKey: 'accessKey',
  fingerprint: 'fp',
  locale: 'locale',
  ghost: 'ghost',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
