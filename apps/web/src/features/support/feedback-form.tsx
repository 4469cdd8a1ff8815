import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.ts';
import { feedbackRequestSchema, type FeedbackRequest } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { AppForm } from '../../components/form/app-form.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { lengthLimits } from '../../components/form/schema-limits.ts';
import { useAppForm } from '../../components/form/use-app-form.ts';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../lib/stores/auth-store';
import { NS } from './i18n';

type Outcome = { ok: true; email: string } | { ok: false; message: string | null } | null;

// The message limits shown in the hint are the contract's own (packages/core api/user.ts).
const MESSAGE_LIMITS = lengthLimits(feedbackRequestSchema, 'message');

const profileText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form's values from the signed-in user's profile, the counter and the sending. */
function useFeedbackForm() {
  const user = useAuthStore((state) => state.user);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const app = useAppForm({
    schema: feedbackRequestSchema,
    defaultValues: {
      name: [profileText(user?.firstName), profileText(user?.lastName)].filter(Boolean).join(' '),
      email: profileText(user?.email),
      message: '',
    },
  });
  const messageLength = useWatch({ control: app.form.control, name: 'message' }).length;
  const submitting = app.form.formState.isSubmitting;

  const onSubmit = async (data: FeedbackRequest) => {
    const result = await api.post<unknown>(userPaths.feedback, data);
    if (result.ok) {
      setOutcome({ ok: true, email: data.email });
      app.reset({ ...data, message: '' });
    } else {
      setOutcome({
        ok: false,
        message: result.error && result.error !== 'ERROR' ? result.error : null,
      });
    }
  };
  return { app, outcome, setOutcome, messageLength, submitting, onSubmit };
}

/** Says where the answer will go, with a button to write another message. */
function FeedbackSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" role="status" data-testid="support-success" sx={{ width: '100%' }}>
        {t('form.success', { email })}
      </Alert>
      <Button onClick={onAnother}>{t('form.another')}</Button>
    </Stack>
  );
}

/** "Get in touch": POST /user/email/feedback/ with core's feedback request schema. */
export default function FeedbackForm() {
  const { t } = useTranslation([NS, 'core']);
  const { app, outcome, setOutcome, messageLength, submitting, onSubmit } = useFeedbackForm();

  if (outcome?.ok) {
    return <FeedbackSent email={outcome.email} onAnother={() => setOutcome(null)} />;
  }

  return (
    <AppForm
      form={app}
      onSubmit={onSubmit}
      testId="support-form"
      aria-labelledby="support-form-title"
    >
      <Stack spacing={2.5}>
        <FormTextField
          name="name"
          testId="support-name"
          label={t('form.name')}
          autoComplete="name"
          required
        />
        <FormTextField
          name="email"
          testId="support-email-input"
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <FormTextField
          name="message"
          testId="support-message"
          label={t('form.message')}
          multiline
          minRows={5}
          maxRows={16}
          required
          hint={`${t('form.messageHelp', { min: MESSAGE_LIMITS.min, max: MESSAGE_LIMITS.max })} ${t(
            'form.counter',
            { count: messageLength, max: MESSAGE_LIMITS.max },
          )}`}
        />
        {outcome && !outcome.ok && (
          <Alert severity="error" role="alert" data-testid="support-error">
            {outcome.message
              ? t('form.error', { message: outcome.message })
              : t('form.errorUnknown')}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitting}
            data-testid="support-submit"
          >
            {submitting ? t('form.sending') : t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </AppForm>
  );
}
