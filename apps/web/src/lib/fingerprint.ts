import { randomId } from './random-id.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage.ts';

// No third-party fingerprinting library: the server only needs a stable per-device id to
// tell devices apart (PRODUCT.md: device lock, no minting between accounts sharing it). A few
// coarse browser traits plus a random id kept in storage does that, costs no bundle budget,
// and avoids canvas/audio probing that would need extra consent.

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function browserTraits(): string {
  const nav = window.navigator;
  return [
    nav.userAgent,
    nav.language,
    nav.hardwareConcurrency,
    window.screen?.width,
    window.screen?.height,
    window.screen?.colorDepth,
    // The offset, not Intl's zone name: the first Intl.DateTimeFormat of a page loads the
    // time-zone data, 20 ms on a laptop and about four times that on a phone, in the first
    // task after the page shows (issue 17, Total Blocking Time). A fingerprint made before
    // this change is kept as stored.
    new Date().getTimezoneOffset(),
  ].join('|');
}

/** The stored fingerprint, generated on first use. */
export function getFingerprint(): string {
  const stored = readStorage(STORAGE_KEYS.fingerprint);
  if (stored) return stored;
  const fingerprint = `${fnv1a(browserTraits())}-${randomId()}`;
  writeStorage(STORAGE_KEYS.fingerprint, fingerprint);
  return fingerprint;
}
