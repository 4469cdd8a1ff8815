import { useEffect } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useHydrated } from '../lib/hydration.ts';
import { safeNextPath } from '../lib/next-path.ts';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { paths } from './paths.ts';

/**
 * Spec §2: market, kyc, account pages and update-profile need a token. A prerendered page
 * behind it (/market's shell) was built without a session: it hydrates as built, and a visitor
 * without a token is sent to log in right after (lib/hydration.ts).
 */
export function RequireAuth() {
  const hydrated = useHydrated();
  const token = useAuthStore((state) => state.token);
  const signedOutTo = useAuthStore((state) => state.signedOutTo);
  // Once the signed-in screens are gone after a logout, a later visit is an ordinary guest's.
  useEffect(
    () => () => {
      if (!useAuthStore.getState().token) useAuthStore.setState({ signedOutTo: null });
    },
    [],
  );
  if (token || !hydrated) return <Outlet />;
  return <Navigate to={signedOutTo ?? paths.auth.login.getHref()} replace />;
}

/**
 * Spec §2: login, register and recovery are for guests; signed-in visitors go to account —
 * from "Login to the advertising platform" (?platform=cpa) to its affiliate cabinet. This is
 * also where a successful login lands, so both agree on the page.
 */
export function GuestOnly() {
  const token = useAuthStore((state) => state.token);
  const [params] = useSearchParams();
  if (!token) return <Outlet />;
  const to =
    safeNextPath(params.get('next')) ??
    (params.get('platform') === 'cpa' ? paths.account.cpa.getHref() : paths.account.data.getHref());
  return <Navigate to={to} replace />;
}
