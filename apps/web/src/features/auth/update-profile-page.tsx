import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ProfileForm } from '../../components/profile-form/profile-form.tsx';
import { saveCurrentUser, useCurrentUser } from '../../lib/current-user.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { NS } from './i18n.ts';

/**
 * /auth/update-profile: the fields spec §4 needs for a complete profile. Saving stores the new
 * profile and goes on to the account (spec §4 "optionally navigates onward").
 */
export default function UpdateProfilePage() {
  const { t } = useTranslation([NS, 'profile-form', 'core']);
  const navigate = useNavigate();
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner />;
  return (
    <AuthLayout
      testId="update-profile-page"
      title={t('profile.title')}
      subtitle={t('profile.subtitle')}
    >
      <ProfileForm
        user={me.data}
        submitLabel={t('profile.submit')}
        lockNames={me.data?.kycStatus === 'approved'}
        onSaved={(user) => {
          saveCurrentUser(user);
          navigate(paths.account.data.getHref(), { replace: true });
        }}
      />
    </AuthLayout>
  );
}
