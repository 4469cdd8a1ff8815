/**
 * The storage ports the apps implement: the web keeps spec §3's entries in localStorage (a
 * synchronous store), the iOS app in the Keychain through expo-secure-store (an asynchronous
 * one). The shared code reads and writes only through these.
 */
export interface SyncStorage<K extends string = string> {
  getItem: (key: K) => string | null;
  setItem: (key: K, value: string) => void;
  removeItem: (key: K) => void;
}

export interface AsyncStorage<K extends string = string> {
  getItem: (key: K) => Promise<string | null>;
  setItem: (key: K, value: string) => Promise<void>;
  removeItem: (key: K) => Promise<void>;
}

/** Spec §3 entries both apps keep, spelled once; each app adds its own. */
export const CLIENT_STORAGE_KEYS = {
  auth: 'auth',
  accessKey: 'accessKey',
  fingerprint: 'fp',
  locale: 'locale',
} as const;

type FingerprintKey = typeof CLIENT_STORAGE_KEYS.fingerprint;
/** What the fingerprint needs of a store: its one entry read and written. */
export type FingerprintSyncStorage = Pick<SyncStorage<FingerprintKey>, 'getItem' | 'setItem'>;
export type FingerprintAsyncStorage = Pick<AsyncStorage<FingerprintKey>, 'getItem' | 'setItem'>;
