import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { saveAuth } from '../../lib/current-user.ts';
import { forgetReferralPromocode } from './promocode.ts';

/**
 * A new account is made (by e-mail or by Apple): its session is kept, the referral code has done
 * its job, and the account's data page replaces the sign-up route (spec §4).
 */
export function useFinishSignUp(): (auth: Parameters<typeof saveAuth>[0]) => void {
  const navigate = useNavigate();
  return (auth) => {
    saveAuth(auth);
    forgetReferralPromocode();
    navigate(paths.account.data.getHref(), { replace: true });
  };
}
