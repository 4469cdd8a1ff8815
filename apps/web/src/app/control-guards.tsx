import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { canEnterControl, isAdmin } from '../lib/roles.ts';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { paths } from './paths.ts';

// Its own chunk: only the control area needs the /user/me query and role rules.

/**
 * Spec §2 control area, in every build (production too, issue 41): home without a token; on
 * top, the role the server reports must be moderator or admin (PRODUCT.md). The server enforces
 * roles on every call; this only keeps people out of screens they cannot use. This guard and
 * the screens are lazy chunks of their own, fetched only on a visit to `/control`.
 */
export default function RequireControlAccess() {
  const token = useAuthStore((state) => state.token);
  const me = useCurrentUser();
  if (!token) return <Navigate to={paths.home.getHref()} replace />;
  if (me.isPending) return <PageSpinner />;
  return canEnterControl(me.data?.role) ? (
    <Outlet />
  ) : (
    <Navigate to={paths.home.getHref()} replace />
  );
}

/** Moderators see KYC moderation only; everything else in the control area is for admins. */
export function RequireAdmin() {
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner />;
  return isAdmin(me.data?.role) ? (
    <Outlet />
  ) : (
    <Navigate to={paths.control.kyc.getHref()} replace />
  );
}
