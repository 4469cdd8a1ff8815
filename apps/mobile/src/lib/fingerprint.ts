import * as Application from 'expo-application';
import * as Crypto from 'expo-crypto';
import { Platform } from 'react-native';
import { readItem, writeItem } from './storage';
import { STORAGE_KEYS } from './storage-keys.ts';

// The device fingerprint sent as `x-fp` (spec §1, §7). The server only needs a stable id per
// device to tell devices apart (PRODUCT.md: the device lock, no minting between accounts that
// share one). On iOS the vendor id is stable per device and app vendor; it is hashed so the raw
// id never leaves the phone, and a random part is added once and kept in the secure store.

let cached: string | null = null;

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

async function deviceTraits(): Promise<string> {
  if (Platform.OS === 'ios') return (await Application.getIosIdForVendorAsync()) ?? 'ios';
  if (typeof navigator !== 'undefined') return `${navigator.userAgent}|${navigator.language}`;
  return Platform.OS;
}

/** Loads (or makes and keeps) the fingerprint; call once at start-up. */
export async function loadFingerprint(): Promise<string> {
  if (cached) return cached;
  const stored = await readItem(STORAGE_KEYS.fingerprint);
  if (stored) {
    cached = stored;
    return stored;
  }
  const made = `${fnv1a(await deviceTraits())}-${Crypto.randomUUID()}`;
  await writeItem(STORAGE_KEYS.fingerprint, made);
  cached = made;
  return made;
}

/** The loaded fingerprint ('' before loadFingerprint has finished). */
export function fingerprint(): string {
  return cached ?? '';
}
