import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { SubmitWithError } from '../../components/form/submit-with-error.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { recoveryCheckCodeRequestSchema, sendCodeRequestSchema } from '@meeet/core/api/user';
import { passwordsMatch } from '@meeet/core/rules/password';
import { paths } from '../../app/paths.ts';
import { AppForm } from '../../components/form/app-form.tsx';
import { failureMessage, showServerFieldErrors } from '../../components/form/server-errors.ts';
import { useAppForm } from '../../components/form/use-app-form.ts';
import type { ApiResult } from '../../lib/api-client.ts';
import { useCheckRecoveryCode } from './api/check-recovery-code.ts';
import { useSendRecoveryCode } from './api/send-recovery-code.ts';
import { EmailField, MailedCodeField, NewPasswordFields } from './components/auth-fields.tsx';
import { ResendCodeButton } from './components/resend-code-button.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { NS } from './i18n.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

interface CodeValues {
  code: string;
  password: string;
  confirmPassword: string;
}

/**
 * /auth/recovery: step 1 mails a code to the e-mail, step 2 takes the code and a new password.
 * Spec §4: success goes to login with recoverySuccess=true.
 */
export default function RecoveryPage() {
  const { t } = useTranslation([NS, 'core']);
  const [email, setEmail] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();
  const send = useSendRecoveryCode();
  const [sendFailure, setSendFailure] = useState<string | null>(null);

  /** Asks for a code; a 429 still means one is on its way, so the next step opens anyway. */
  const requestCode = async (address: string): Promise<ApiResult<unknown>> => {
    setSendFailure(null);
    const result = await send.mutateAsync({ email: address });
    if (result.ok) startCountdown(result.data.retryAfterSeconds);
    else if (result.code === 429 && result.retryAfter) startCountdown(result.retryAfter);
    if (result.ok || result.code === 429) setEmail(address);
    else setSendFailure(failureMessage(result, t('error.unknown')));
    return result;
  };

  return (
    <AuthLayout
      testId="recovery-page"
      title={t('recovery.title')}
      subtitle={email ? t('recovery.code-sent', { email }) : t('recovery.email-intro')}
    >
      {email ? (
        <CodeStep
          email={email}
          secondsLeft={secondsLeft}
          resending={send.isPending}
          onResend={() => void requestCode(email)}
          resendFailure={sendFailure}
          onChangeEmail={() => setEmail(null)}
        />
      ) : (
        <EmailStep onSubmit={requestCode} failure={sendFailure} />
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <MuiLink component={RouterLink} to={paths.auth.login.getHref()}>
          {t('back-to-login')}
        </MuiLink>
      </Box>
    </AuthLayout>
  );
}

function EmailStep({
  onSubmit,
  failure,
}: {
  onSubmit: (email: string) => Promise<ApiResult<unknown>>;
  failure: string | null;
}) {
  const { t } = useTranslation([NS, 'core']);
  const app = useAppForm({ schema: sendCodeRequestSchema, defaultValues: { email: '' } });
  const submitting = app.form.formState.isSubmitting;
  return (
    <AppForm
      form={app}
      testId="recovery-email-form"
      onSubmit={async (values) => {
        const result = await onSubmit(values.email);
        if (!result.ok && result.code !== 429) showServerFieldErrors(app.form, result, ['email']);
      }}
    >
      <Stack spacing={2.5}>
        <EmailField testId="recovery-email" />
        <SubmitWithError
          failure={failure}
          submitting={submitting}
          label={t('recovery.send')}
          submittingLabel={t('recovery.sending')}
          errorTestId="recovery-error"
          submitTestId="recovery-send"
        />
      </Stack>
    </AppForm>
  );
}

function CodeStep({
  email,
  secondsLeft,
  resending,
  onResend,
  resendFailure,
  onChangeEmail,
}: {
  email: string;
  secondsLeft: number;
  resending: boolean;
  onResend: () => void;
  resendFailure: string | null;
  onChangeEmail: () => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const navigate = useNavigate();
  const check = useCheckRecoveryCode();
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm({
    schema: recoveryCheckCodeRequestSchema,
    defaultValues: { code: '', password: '', confirmPassword: '' } satisfies CodeValues,
    toInput: ({ code, password }: CodeValues) => ({ email, code, password }),
    checks: {
      confirmPassword: (values) => passwordsMatch(values.password, values.confirmPassword),
    },
    dependents: { password: ['confirmPassword'] },
  });

  const onSubmit = async (values: { email: string; code: string; password: string }) => {
    setFailure(null);
    const result = await check.mutateAsync(values);
    if (result.ok) {
      navigate(paths.auth.login.getHref({ recoverySuccess: true }), { replace: true });
      return;
    }
    if (!showServerFieldErrors(app.form, result, ['code', 'password']))
      setFailure(failureMessage(result, t('error.unknown')));
  };

  const submitting = app.form.formState.isSubmitting;
  return (
    <AppForm form={app} onSubmit={onSubmit} testId="recovery-code-form">
      <Stack spacing={2.5}>
        <MailedCodeField testId="recovery-code" />
        <NewPasswordFields testIdPrefix="recovery" label={t('field.new-password')} />
        <SubmitWithError
          failure={failure ?? resendFailure}
          submitting={submitting}
          label={t('recovery.submit')}
          submittingLabel={t('recovery.submitting')}
          errorTestId="recovery-error"
          submitTestId="recovery-submit"
        />
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <ResendCodeButton
            onClick={onResend}
            secondsLeft={secondsLeft}
            sending={resending}
            label={t('recovery.resend')}
            testId="recovery-resend"
          />
          <Button onClick={onChangeEmail} color="inherit" data-testid="recovery-change-email">
            {t('recovery.change-email')}
          </Button>
        </Stack>
      </Stack>
    </AppForm>
  );
}
