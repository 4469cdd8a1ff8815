import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../lib/stores/auth-store';
import { NS } from './i18n';
import { FEEDBACK_LIMITS, feedbackSchema, type Feedback, type FeedbackInput } from './schema';

/** Spec §7: POST /user/email/feedback/ (payload chosen here: { name, email, message }). */
const FEEDBACK_URL = '/user/email/feedback/';

type Field = keyof FeedbackInput;
type Outcome = { ok: true; email: string } | { ok: false; message: string | null } | null;

const LENGTH_LIMITS: Record<Field, { min?: number; max?: number }> = {
  name: { max: FEEDBACK_LIMITS.nameMax },
  email: {},
  message: { min: FEEDBACK_LIMITS.messageMin, max: FEEDBACK_LIMITS.messageMax },
};

const profileText = (value: unknown) => (typeof value === 'string' ? value : '');

export default function FeedbackForm() {
  const { t } = useTranslation([NS, 'core']);
  const user = useAuthStore((state) => state.user);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackInput, unknown, Feedback>({
    resolver: zodResolver(feedbackSchema),
    // Spec §4: forms validate on input by default.
    mode: 'onChange',
    defaultValues: {
      name: [profileText(user?.firstName), profileText(user?.lastName)].filter(Boolean).join(' '),
      email: profileText(user?.email),
      message: '',
    },
  });

  const messageLength = useWatch({ control, name: 'message' }).length;

  // One message per field (spec §4), in the shared core wording.
  const errorText = (field: Field): string | undefined => {
    const key = errors[field]?.message;
    if (!key) return undefined;
    const { min, max } = LENGTH_LIMITS[field];
    const count = key === 'msg.min-length' ? min : key === 'msg.max-length' ? max : undefined;
    return t(key, { ns: 'core', count });
  };

  const onSubmit = async (data: Feedback) => {
    const result = await api.post<unknown>(FEEDBACK_URL, data);
    if (result.ok) {
      setOutcome({ ok: true, email: data.email });
      reset({ ...data, message: '' });
    } else {
      setOutcome({
        ok: false,
        message: result.error && result.error !== 'ERROR' ? result.error : null,
      });
    }
  };

  if (outcome?.ok) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert
          severity="success"
          role="status"
          data-testid="support-success"
          sx={{ width: '100%' }}
        >
          {t('form.success', { email: outcome.email })}
        </Alert>
        <Button onClick={() => setOutcome(null)}>{t('form.another')}</Button>
      </Stack>
    );
  }

  const field = (name: Field) => ({
    ...register(name),
    error: Boolean(errors[name]),
    fullWidth: true,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="support-form-title"
    >
      <Stack spacing={2.5}>
        <TextField
          {...field('name')}
          label={t('form.name')}
          autoComplete="name"
          helperText={errorText('name')}
          required
        />
        <TextField
          {...field('email')}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          helperText={errorText('email')}
          required
        />
        <TextField
          {...field('message')}
          label={t('form.message')}
          multiline
          minRows={5}
          maxRows={16}
          required
          helperText={
            errorText('message') ??
            `${t('form.messageHelp', { min: FEEDBACK_LIMITS.messageMin, max: FEEDBACK_LIMITS.messageMax })} ${t(
              'form.counter',
              {
                count: messageLength,
                max: FEEDBACK_LIMITS.messageMax,
              },
            )}`
          }
        />
        {outcome && !outcome.ok && (
          <Alert severity="error" role="alert" data-testid="support-error">
            {outcome.message
              ? t('form.error', { message: outcome.message })
              : t('form.errorUnknown')}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? t('form.sending') : t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
