import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { paths } from './paths.ts';

/** Spec §2: market, kyc, account pages and update-profile need a token. */
export function RequireAuth() {
  const token = useAuthStore((state) => state.token);
  return token ? <Outlet /> : <Navigate to={paths.auth.login.getHref()} replace />;
}

/** Spec §2: login, register and recovery are for guests; signed-in visitors go to account. */
export function GuestOnly() {
  const token = useAuthStore((state) => state.token);
  return token ? <Navigate to={paths.account.data.getHref()} replace /> : <Outlet />;
}
