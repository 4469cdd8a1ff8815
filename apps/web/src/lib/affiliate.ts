import { AFFILIATE_ATTRIBUTION_HOURS } from '@meeet/core/constants';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from './storage.ts';

const ATTRIBUTION_MS = AFFILIATE_ATTRIBUTION_HOURS * 60 * 60 * 1000;
// Browsers run a setTimeout longer than 2^31-1 ms (~24.8 days) at once, and 720 h is longer.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Spec §2/§4 root behaviour: `nft` (a number) becomes buyingNftId when truthy; `cpa` is kept
 * for 720 h with `uid` beside it. A new cpa without uid drops an older uid so a click id is
 * never credited to another affiliate's link.
 */
export function captureAffiliateParams(search: string, now: number = Date.now()): void {
  const params = new URLSearchParams(search);

  const nft = params.get('nft');
  if (nft !== null && Number(nft)) {
    writeStorage(STORAGE_KEYS.buyingNftId, String(Number(nft)));
  }

  const cpa = params.get('cpa');
  if (!cpa) return;
  writeStorage(STORAGE_KEYS.cpa, cpa);
  writeStorage(STORAGE_KEYS.cpaExpiration, String(now + ATTRIBUTION_MS));
  const uid = params.get('uid');
  if (uid) writeStorage(STORAGE_KEYS.cpaUid, uid);
  else removeStorage(STORAGE_KEYS.cpaUid);
}

/** Clears the affiliate entries when their expiry has passed; true when it cleared them. */
export function clearExpiredAffiliate(now: number = Date.now()): boolean {
  const raw = readStorage(STORAGE_KEYS.cpaExpiration);
  if (raw === null) return false;
  const expiration = Number(raw);
  if (Number.isFinite(expiration) && expiration > now) return false;
  removeStorage(STORAGE_KEYS.cpa);
  removeStorage(STORAGE_KEYS.cpaUid);
  removeStorage(STORAGE_KEYS.cpaExpiration);
  return true;
}

/**
 * Checks at once, then every attribution period (720 h) for as long as the page lives.
 * Returns a stop function.
 */
export function startAffiliateExpiryTimer(): () => void {
  clearExpiredAffiliate();
  let handle: ReturnType<typeof setTimeout> | undefined;

  const arm = (remaining: number) => {
    handle = setTimeout(
      () => {
        const left = remaining - MAX_TIMEOUT_MS;
        if (left > 0) {
          arm(left);
          return;
        }
        clearExpiredAffiliate();
        arm(ATTRIBUTION_MS);
      },
      Math.min(remaining, MAX_TIMEOUT_MS),
    );
  };
  arm(ATTRIBUTION_MS);

  return () => clearTimeout(handle);
}

/** Stored affiliate values sent with every call (spec §7). */
export function readAffiliate(): { cpa: string | null; uid: string | null } {
  return { cpa: readStorage(STORAGE_KEYS.cpa), uid: readStorage(STORAGE_KEYS.cpaUid) };
}
