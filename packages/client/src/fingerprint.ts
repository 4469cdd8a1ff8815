import {
  CLIENT_STORAGE_KEYS,
  type FingerprintAsyncStorage,
  type FingerprintSyncStorage,
} from './storage.ts';

// The device fingerprint sent as `x-fp` (spec §1, §7). The server only needs a stable id per
// device to tell devices apart (PRODUCT.md: the device lock, no minting between accounts that
// share one): a hash of a few coarse device traits plus a random part, made once and kept.
// No third-party fingerprinting and no canvas or audio probing (those would need consent).

/** FNV-1a, 32 bits, as 8 hex digits: short, stable and free of any dependency. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A new fingerprint: the traits' hash, then the random part. */
export function makeFingerprint(traits: string, randomId: string): string {
  return `${fnv1a(traits)}-${randomId}`;
}

export interface FingerprintSource {
  /** Coarse traits of the device (a user agent, a vendor id); hashed, never sent raw. */
  traits: () => string | Promise<string>;
  randomId: () => string;
}

/** The stored fingerprint from a synchronous store (the web), made and kept on first use. */
export function storedFingerprint(
  storage: FingerprintSyncStorage,
  source: { traits: () => string; randomId: () => string },
): string {
  const stored = storage.getItem(CLIENT_STORAGE_KEYS.fingerprint);
  if (stored) return stored;
  const made = makeFingerprint(source.traits(), source.randomId());
  storage.setItem(CLIENT_STORAGE_KEYS.fingerprint, made);
  return made;
}

export interface LoadedFingerprint {
  /** Loads (or makes and keeps) the fingerprint; call once at start-up. */
  load: () => Promise<string>;
  /** The loaded fingerprint ('' before `load` has finished). */
  current: () => string;
}

/** The fingerprint kept in an asynchronous store (the phone's Keychain). */
export function loadedFingerprint(
  storage: FingerprintAsyncStorage,
  source: FingerprintSource,
): LoadedFingerprint {
  let cached: string | null = null;
  return {
    load: async () => {
      if (cached) return cached;
      const stored = await storage.getItem(CLIENT_STORAGE_KEYS.fingerprint);
      const value = stored || makeFingerprint(await source.traits(), source.randomId());
      if (!stored) await storage.setItem(CLIENT_STORAGE_KEYS.fingerprint, value);
      cached = value;
      return value;
    },
    current: () => cached ?? '',
  };
}
