import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../../lib/storage.ts';

/**
 * The referral code for a registration: `?promocode=` (where /ref/{code} leads) wins and is
 * kept in local storage, so leaving the page and coming back later still credits the referrer;
 * otherwise the kept one. Spec §4: register "saves a referral code from a stored value".
 */
export function useReferralPromocode(): string {
  const [params] = useSearchParams();
  const fromQuery = params.get('promocode')?.trim() ?? '';

  useEffect(() => {
    if (fromQuery) writeStorage(STORAGE_KEYS.promocode, fromQuery);
  }, [fromQuery]);

  return fromQuery || readStorage(STORAGE_KEYS.promocode) || '';
}

/** After a registration used it, the code has done its job. */
export function forgetReferralPromocode(): void {
  removeStorage(STORAGE_KEYS.promocode);
}
