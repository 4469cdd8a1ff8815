import * as Application from 'expo-application';
import * as Crypto from 'expo-crypto';
import { Platform } from 'react-native';
import { loadedFingerprint } from '@meeet/client/fingerprint';
import { readItem, writeItem } from './storage';

// The device fingerprint sent as `x-fp` (packages/client). On iOS the vendor id is stable per
// device and app vendor; it is hashed so the raw id never leaves the phone, and a random part
// is added once and kept in the secure store.

async function deviceTraits(): Promise<string> {
  if (Platform.OS === 'ios') return (await Application.getIosIdForVendorAsync()) ?? 'ios';
  if (typeof navigator !== 'undefined') return `${navigator.userAgent}|${navigator.language}`;
  return Platform.OS;
}

const kept = loadedFingerprint(
  { getItem: readItem, setItem: writeItem },
  { traits: deviceTraits, randomId: Crypto.randomUUID },
);

/** Loads (or makes and keeps) the fingerprint; call once at start-up. */
export const loadFingerprint = kept.load;

/** The loaded fingerprint ('' before loadFingerprint has finished). */
export const fingerprint = kept.current;
