import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { accountGateTarget } from '../lib/me-redirect.ts';
import { paths } from './paths.ts';

// Its own chunk, like control-guards.tsx: only signed-in screens need /user/me.

/**
 * In front of the account area and the market: a signed-in user whose e-mail is not confirmed
 * goes to confirm-email, one whose profile is incomplete (spec §4) to update-profile. So a new
 * user walks register → confirm e-mail → complete profile → account.
 */
export default function RequireReadyAccount() {
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner />;
  const target = accountGateTarget(me.data);
  if (target === 'confirm-email')
    return <Navigate to={paths.auth.confirmEmail.getHref()} replace />;
  if (target === 'update-profile')
    return <Navigate to={paths.auth.updateProfile.getHref()} replace />;
  return <Outlet />;
}
