import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureAffiliateParams, startAffiliateExpiryTimer } from '../lib/affiliate.ts';
import { getFingerprint } from '../lib/fingerprint.ts';

/** Spec §2/§4 root behaviour on any page: affiliate and token parameters, attribution expiry. */
export function useRootEffects(): void {
  const { search } = useLocation();

  // Spec §1: the device fingerprint is gathered on arrival, not only on the first API call.
  useEffect(() => {
    getFingerprint();
  }, []);

  useEffect(() => startAffiliateExpiryTimer(), []);

  useEffect(() => {
    if (search) captureAffiliateParams(search);
  }, [search]);
}
