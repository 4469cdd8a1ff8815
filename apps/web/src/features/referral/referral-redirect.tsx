import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { trackReferralClick } from './api/track-referral-click.ts';

/** /ref/:promocode → counts the click, then /auth/register?promocode=<code> (spec §2). */
export default function ReferralRedirect() {
  const { promocode = '' } = useParams();
  useEffect(() => {
    if (promocode) void trackReferralClick(promocode).catch(() => false);
  }, [promocode]);
  return <Navigate to={paths.auth.register.getHref({ promocode })} replace />;
}
