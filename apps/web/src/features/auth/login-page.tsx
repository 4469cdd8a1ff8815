import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { SubmitWithError } from '../../components/form/submit-with-error.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { loginRequestSchema, type AuthResponse, type LoginRequest } from '@meeet/core/api/user';
import { useStepUp } from '../../components/step-up/use-step-up.tsx';
import { paths } from '../../app/paths.ts';
import { AppForm } from '../../components/form/app-form.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { failureMessage } from '../../components/form/server-errors.ts';
import { useAppForm } from '../../components/form/use-app-form.ts';
import { saveAuth } from '../../lib/current-user.ts';
import { safeNextPath } from '../../lib/next-path.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage.ts';
import { useLogin } from './api/login.ts';
import { useFormat } from '../../lib/format.ts';
import { AppleLink } from './components/apple-link.tsx';
import { EmailField } from './components/auth-fields.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { AuthSwitch } from './components/auth-switch.tsx';
import { PasskeySignIn } from './components/passkey-sign-in.tsx';
import { NS } from './i18n.ts';

interface LoginNoticesProps {
  /** A guest who came to buy a level is told why they are here. */
  buying: boolean;
  /** When the account will be erased, after its owner asked to delete it. */
  deletionScheduled: string | null;
  recoverySuccess: boolean;
}

/** Why the user is on the login page: buying a level, a deletion scheduled, a new password. */
function LoginNotices({ buying, deletionScheduled, recoverySuccess }: LoginNoticesProps) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  return (
    <>
      {buying && (
        <Alert severity="info" data-testid="login-buy-nft" sx={{ mb: 3 }}>
          {t('market.login-to-buy', { ns: 'core' })}
        </Alert>
      )}
      {deletionScheduled && (
        <Alert severity="info" role="status" data-testid="login-deletion-scheduled" sx={{ mb: 3 }}>
          {t('login.deletion-scheduled', { date: fmt.date(deletionScheduled) })}
        </Alert>
      )}
      {recoverySuccess && (
        <Alert severity="success" role="status" data-testid="login-recovery-success" sx={{ mb: 3 }}>
          {t('login.recovery-success')}
        </Alert>
      )}
    </>
  );
}

/** "Forgot your password?" and the way to recover it. */
function ToRecovery() {
  const { t } = useTranslation([NS, 'core']);
  return (
    <Box sx={{ mt: 2, textAlign: 'right' }}>
      <MuiLink
        component={RouterLink}
        to={paths.auth.recovery.getHref()}
        data-testid="login-to-recovery"
      >
        {t('login.forgot')}
      </MuiLink>
    </Box>
  );
}

/** Signing in without the password: a passkey, or Apple. */
function OtherWays({
  onSignedIn,
  onFailure,
}: {
  onSignedIn: (auth: AuthResponse) => void;
  onFailure: (message: string | null) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <>
      <Divider sx={{ my: 3 }}>{t('or')}</Divider>
      <Stack spacing={1.5}>
        <PasskeySignIn onSignedIn={onSignedIn} onFailure={onFailure} />
        <AppleLink label={t('apple.sign-in')} testId="login-apple" />
      </Stack>
    </>
  );
}

/**
 * /auth/login, and with ?platform=cpa "Login to the advertising platform" (the same form,
 * landing in the affiliate cabinet). Spec §4: success saves auth and goes to account.
 */
export default function LoginPage() {
  const { t } = useTranslation([NS, 'core']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cpa = params.get('platform') === 'cpa';
  const recoverySuccess = params.get('recoverySuccess') === 'true';
  // Set by the account's "Delete my account" (issue 43): when the account will be erased.
  const deletionScheduled = params.get('deletionScheduled');
  // Marketplace (docs/decisions.md): a guest who came to buy a level (buyingNftId) is told why
  // they are here; after the login /account passes them on to /market with that level.
  // A guest sent here by "Buy" on the open market (`?next=` the token or level) returns there.
  const next = safeNextPath(params.get('next'));
  const [buying] = useState(
    () => readStorage(STORAGE_KEYS.buyingNftId) !== null || next?.startsWith('/market') === true,
  );
  const login = useLogin();
  // A new device of a user with a second factor is asked for it (a code; passkeys sign in below).
  const stepUp = useStepUp({ passkey: false });
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginRequest) => {
    setFailure(null);
    const result = await stepUp.run((factor) => login.mutateAsync({ body: values, factor }));
    if (!result.ok) {
      // 'Invalid login or password' (spec §8), in the language the request carried.
      setFailure(failureMessage(result, t('error.unknown')));
      return;
    }
    signedIn(result.data);
  };

  const signedIn = (auth: AuthResponse) => {
    saveAuth(auth);
    // The account page, wherever the user lands next, says that a deletion was cancelled.
    if (auth.deletionCancelled) writeStorage(STORAGE_KEYS.deletionCancelled, '1', 'session');
    navigate(next ?? (cpa ? paths.account.cpa.getHref() : paths.account.data.getHref()), {
      replace: true,
    });
  };

  const submitting = app.form.formState.isSubmitting;
  return (
    <AuthLayout
      testId="login-page"
      title={cpa ? t('login.title-cpa') : t('login.title')}
      subtitle={cpa ? t('login.subtitle-cpa') : t('login.subtitle')}
    >
      <LoginNotices
        buying={buying}
        deletionScheduled={deletionScheduled}
        recoverySuccess={recoverySuccess}
      />
      <AppForm form={app} onSubmit={onSubmit} testId="login-form">
        <Stack spacing={2.5}>
          <EmailField testId="login-email" />
          <FormTextField
            name="password"
            testId="login-password"
            label={t('field.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <SubmitWithError
            failure={failure}
            submitting={submitting}
            label={t('login.submit')}
            submittingLabel={t('login.submitting')}
            errorTestId="login-error"
            submitTestId="login-submit"
          />
        </Stack>
      </AppForm>
      <ToRecovery />
      {!cpa && <OtherWays onSignedIn={signedIn} onFailure={setFailure} />}
      {stepUp.dialog}
      <AuthSwitch
        question={t('login.no-account')}
        label={t('login.to-register')}
        to={paths.auth.register.getHref()}
        testId="login-to-register"
      />
    </AuthLayout>
  );
}
