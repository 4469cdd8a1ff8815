import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SubmitWithError } from '../../components/form/submit-with-error.tsx';
import { useTranslation } from '../../i18n/react.ts';
import {
  appleRegistrationRequestSchema,
  type AppleRegistrationRequest,
} from '@meeet/core/api/user';
import { paths } from '../../app/paths.ts';
import { AppForm } from '../../components/form/app-form.tsx';
import { FormCheckbox } from '../../components/form/form-checkbox.tsx';
import { failureMessage, showServerFieldErrors } from '../../components/form/server-errors.ts';
import { useAppForm } from '../../components/form/use-app-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { fetchCurrentUser, saveCurrentUser } from '../../lib/current-user.ts';
import { meRedirectTarget } from '../../lib/me-redirect.ts';
import { logout } from '../../lib/session.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useCompleteAppleRegistration } from './api/complete-apple-registration.ts';
import { AppleLink } from './components/apple-link.tsx';
import { PromocodeField } from './components/auth-fields.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { TermsLabel } from './components/terms-label.tsx';
import { NS } from './i18n.ts';
import { useFinishSignUp } from './finish-sign-up.ts';
import { useReferralPromocode } from './promocode.ts';

/** What the server's callback put in the fragment: /apple-login#token=… | #ticket=… | #error=… */
type Outcome = { token: string } | { ticket: string } | { error: string };

function readFragment(hash: string): Outcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  if (token) return { token };
  const ticket = params.get('ticket');
  if (ticket) return { ticket };
  return { error: params.get('error') ?? 'missing' };
}

const ERROR_KEYS: Record<string, string> = {
  cancelled: 'apple.error.cancelled',
  missing: 'apple.error.missing',
  unavailable: 'apple.error.unavailable',
  CONFLICT: 'msg.apple-account-exists',
};

/** /apple-login: where the server sends the browser back after Sign in with Apple. */
export default function AppleLoginPage() {
  const { t } = useTranslation([NS, 'core']);
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  // Read once: the fragment is then removed so a reload or a shared URL cannot replay it.
  const [outcome] = useState(() => readFragment(hash));
  useEffect(() => {
    if (hash) navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  let content;
  if ('token' in outcome) content = <TokenSignIn token={outcome.token} />;
  else if ('ticket' in outcome) content = <CompleteRegistration ticket={outcome.ticket} />;
  else content = <AppleError messageKey={ERROR_KEYS[outcome.error] ?? 'apple.error.failed'} />;

  return (
    <AuthLayout
      testId="apple-login-page"
      title={'ticket' in outcome ? t('apple.complete-title') : t('apple.title')}
      subtitle={'ticket' in outcome ? t('apple.complete-intro') : undefined}
    >
      {content}
    </AuthLayout>
  );
}

/**
 * A known Apple ID: the token is saved, the user fetched, and spec §4 "me with redirect"
 * applies — home with a complete profile, otherwise update-profile.
 */
function TokenSignIn({ token }: { token: string }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    useAuthStore.getState().setAuth({ token });
    void fetchCurrentUser().then((user) => {
      if (!user) {
        logout({ redirect: false });
        setFailed(true);
        return;
      }
      saveCurrentUser(user);
      const target = meRedirectTarget(user);
      navigate(target === 'home' ? paths.home.getHref() : paths.auth.updateProfile.getHref(), {
        replace: true,
      });
    });
  }, [token, navigate]);

  return failed ? <AppleError messageKey="apple.error.failed" /> : <PageSpinner />;
}

interface CompletionValues {
  promocode: string;
  acceptTerms: boolean;
}

function CompleteRegistration({ ticket }: { ticket: string }) {
  const { t } = useTranslation([NS, 'core']);
  const finishSignUp = useFinishSignUp();
  const complete = useCompleteAppleRegistration();
  const promocode = useReferralPromocode();
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm({
    schema: appleRegistrationRequestSchema,
    defaultValues: { promocode, acceptTerms: false } satisfies CompletionValues,
    toInput: (values: CompletionValues) => ({
      ticket,
      acceptTerms: values.acceptTerms,
      promocode: values.promocode.trim() === '' ? undefined : values.promocode,
    }),
  });

  const onSubmit = async (values: AppleRegistrationRequest) => {
    setFailure(null);
    const result = await complete.mutateAsync({ ...values, locale: currentLocale() });
    if (!result.ok) {
      if (!showServerFieldErrors(app.form, result, ['promocode', 'acceptTerms']))
        setFailure(failureMessage(result, t('apple.error.failed')));
      return;
    }
    finishSignUp(result.data);
  };

  const submitting = app.form.formState.isSubmitting;
  return (
    <AppForm form={app} onSubmit={onSubmit} testId="apple-complete-form">
      <Stack spacing={2.5}>
        <PromocodeField testId="apple-promocode" />
        <FormCheckbox name="acceptTerms" testId="apple-accept-terms" label={<TermsLabel />} />
        <SubmitWithError
          failure={failure}
          submitting={submitting}
          label={t('apple.complete-submit')}
          errorTestId="apple-error"
          submitTestId="apple-complete-submit"
        />
      </Stack>
    </AppForm>
  );
}

function AppleError({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation([NS, 'core']);
  const ns = messageKey.startsWith('msg.') ? 'core' : NS;
  return (
    <Stack spacing={2.5}>
      <Alert severity="error" role="alert" data-testid="apple-error">
        {t(messageKey, { ns })}
      </Alert>
      <AppleLink label={t('apple.try-again')} testId="apple-try-again" />
      <Button component={RouterLink} to={paths.auth.login.getHref()} color="inherit">
        {t('back-to-login')}
      </Button>
    </Stack>
  );
}
