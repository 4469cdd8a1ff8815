import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureAffiliateParams, startAffiliateExpiryTimer } from '../lib/affiliate.ts';

/** Spec §2/§4 root behaviour on any page: affiliate and token parameters, attribution expiry. */
export function useRootEffects(): void {
  const { search } = useLocation();

  useEffect(() => startAffiliateExpiryTimer(), []);

  useEffect(() => {
    if (search) captureAffiliateParams(search);
  }, [search]);
}
