import { Outlet } from 'react-router';
import { ReadyAccount } from '../components/ready-account.tsx';

// Its own chunk, like control-guards.tsx: only signed-in screens need /user/me.

/** The account gate (components/ready-account.tsx) as a layout route around the account pages. */
export default function RequireReadyAccount() {
  return (
    <ReadyAccount>
      <Outlet />
    </ReadyAccount>
  );
}
