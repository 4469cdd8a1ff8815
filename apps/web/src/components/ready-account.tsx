import { useDeferredValue, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { useHydrated } from '../lib/hydration.ts';
import { accountGateTarget } from '../lib/me-redirect.ts';
import { PageSpinner } from './page-spinner.tsx';

/**
 * In front of the account area and the market: a signed-in user whose e-mail is not confirmed
 * goes to confirm-email, one whose profile is incomplete (spec §4) to update-profile. So a new
 * user walks register → confirm e-mail → complete profile → account. A spinner stands in for
 * `children` until /user/me has answered — also while a prerendered page is hydrated (the
 * build knew no user: /market's shell shows the spinner), even if the answer is already in.
 */
export function ReadyAccount({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  const hydrated = useHydrated();
  const gate = hydrated && !me.isPending ? (accountGateTarget(me.data) ?? 'open') : 'pending';
  // The answer of /user/me arrives as a synchronous update (useQuery is an external store):
  // deferred, what lies behind the gate (the market, an account page) mounts in a render React
  // slices into short tasks, with the spinner still up, instead of in the task the answer
  // arrived in (issue 17, Total Blocking Time). A page mounted with the answer in is at once.
  const shown = useDeferredValue(gate);
  if (shown === 'pending') return <PageSpinner />;
  if (shown === 'confirm-email') return <Navigate to={paths.auth.confirmEmail.getHref()} replace />;
  if (shown === 'update-profile')
    return <Navigate to={paths.auth.updateProfile.getHref()} replace />;
  return children;
}
