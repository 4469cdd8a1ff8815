import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SubmitWithError } from '../../components/form/submit-with-error.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { zCode } from '@meeet/core/api/user';
import { paths } from '../../app/paths.ts';
import { AppForm } from '../../components/form/app-form.tsx';
import { failureMessage, showServerFieldErrors } from '../../components/form/server-errors.ts';
import { useAppForm } from '../../components/form/use-app-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { saveCurrentUser, useCurrentUser } from '../../lib/current-user.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useCheckEmailVerifyCode } from './api/check-email-verify-code.ts';
import { useSendEmailVerifyCode } from './api/send-email-verify-code.ts';
import { MailedCodeField } from './components/auth-fields.tsx';
import { ResendCodeButton } from './components/resend-code-button.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { NS } from './i18n.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

/** The code the server takes in the path of POST /user/email/verify/check/{code}. */
const codeSchema = z.strictObject({ code: zCode });

type Notice = 'sent' | 'recent' | null;

/**
 * /auth/confirm-email, for signed-in users. Spec §2 puts no guard on it, so a guest (a link
 * opened in another browser, say) stays and is asked to log in first.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation([NS, 'core']);
  const token = useAuthStore((state) => state.token);
  if (token) return <ConfirmEmail />;
  return (
    <AuthLayout testId="confirm-email-page" title={t('confirm.title')}>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('confirm.login-first')}
      </Alert>
      <Button
        component={RouterLink}
        to={paths.auth.login.getHref()}
        variant="contained"
        size="large"
        fullWidth
        data-testid="confirm-login"
      >
        {t('login.submit')}
      </Button>
    </AuthLayout>
  );
}

/** Whether a code was just mailed, or one had been mailed a moment ago. */
function CodeNotice({ notice, email }: { notice: NonNullable<Notice>; email: string }) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <Alert severity="info" role="status" data-testid="confirm-code-sent" sx={{ mb: 3 }}>
      {notice === 'sent' ? t('confirm.code-sent', { email }) : t('confirm.code-recent', { email })}
    </Alert>
  );
}

/**
 * Spec §4: the code check success goes to the market. A code is asked for on arrival: a new
 * user was sent here by the account gate right after registering, and if one was mailed a
 * moment ago the server says so (429) and that is what the page tells.
 */
function ConfirmEmail() {
  const { t } = useTranslation([NS, 'core']);
  const navigate = useNavigate();
  const me = useCurrentUser();
  const send = useSendEmailVerifyCode();
  const check = useCheckEmailVerifyCode();
  const [notice, setNotice] = useState<Notice>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();
  const askedOnArrival = useRef(false);
  const app = useAppForm({ schema: codeSchema, defaultValues: { code: '' } });

  const requestCode = async () => {
    setFailure(null);
    const result = await send.mutateAsync();
    if (result.ok) {
      setNotice('sent');
      startCountdown(result.data.retryAfterSeconds);
    } else if (result.code === 429) {
      setNotice('recent');
      if (result.retryAfter) startCountdown(result.retryAfter);
    } else {
      setFailure(failureMessage(result, t('error.unknown')));
    }
  };

  const unverified = me.data?.emailVerified === false;
  useEffect(() => {
    if (!unverified || askedOnArrival.current) return;
    askedOnArrival.current = true;
    void requestCode();
    // Once per visit; requestCode is recreated every render and must not re-trigger this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unverified]);

  if (me.isPending) return <PageSpinner />;
  if (me.data && !unverified) return <Navigate to={paths.account.data.getHref()} replace />;

  const email = me.data?.email ?? '';
  const onSubmit = async ({ code }: { code: string }) => {
    setFailure(null);
    const result = await check.mutateAsync(code);
    if (result.ok) {
      saveCurrentUser(result.data);
      navigate(paths.market.getHref(), { replace: true });
      return;
    }
    if (!showServerFieldErrors(app.form, result, ['code']))
      setFailure(failureMessage(result, t('error.unknown')));
  };

  const submitting = app.form.formState.isSubmitting;
  return (
    <AuthLayout
      testId="confirm-email-page"
      title={t('confirm.title')}
      subtitle={t('confirm.intro', { email })}
    >
      {notice && <CodeNotice notice={notice} email={email} />}
      <AppForm form={app} onSubmit={onSubmit} testId="confirm-form">
        <Stack spacing={2.5}>
          <MailedCodeField testId="confirm-code" />
          <SubmitWithError
            failure={failure}
            submitting={submitting}
            label={t('confirm.submit')}
            submittingLabel={t('confirm.submitting')}
            errorTestId="confirm-error"
            submitTestId="confirm-submit"
          />
          <ResendCodeButton
            onClick={() => void requestCode()}
            secondsLeft={secondsLeft}
            sending={send.isPending}
            label={t('confirm.resend')}
            sendingLabel={t('confirm.sending')}
            testId="confirm-resend"
          />
        </Stack>
      </AppForm>
    </AuthLayout>
  );
}
