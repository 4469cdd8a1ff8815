import { storedFingerprint } from '@meeet/client/fingerprint';
import { randomId } from './random-id.ts';
import { readStorage, writeStorage } from './storage.ts';

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

const localStore = { getItem: readStorage, setItem: writeStorage };

/** The stored fingerprint (packages/client), generated from the browser's traits on first use. */
export function getFingerprint(): string {
  return storedFingerprint(localStore, { traits: browserTraits, randomId });
}
