import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANTI_PHISHING_MAX, antiPhishingRequestSchema } from '@meeet/core/api/security';
import { useTranslation } from '../../../i18n/react.ts';
import { useStepUp } from '../../../components/step-up/use-step-up.tsx';
import { useAntiPhishing, useSetAntiPhishing } from '../api/anti-phishing.ts';
import { NS } from '../i18n.ts';

/** Account → Security: the phrase every MEEET mail to the user shows (issue 45). */
export function AntiPhishingForm() {
  const { t } = useTranslation(NS);
  const current = useAntiPhishing();
  const stepUp = useStepUp({ passkey: true });
  const saving = useSetAntiPhishing(stepUp.run);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = antiPhishingRequestSchema.safeParse({ phrase: draft });
    setInvalid(!parsed.success);
    if (parsed.success) saving.mutate(parsed.data.phrase, { onSuccess: () => setDraft('') });
  };

  if (current.isPending) return <Typography color="text.secondary">…</Typography>;
  if (current.isError) return <Alert severity="error">{current.error.message}</Alert>;
  return (
    <>
      <Stack spacing={2} component="form" onSubmit={submit} noValidate>
        <Typography color="text.secondary">{t('anti-phishing.intro')}</Typography>
        <Typography>
          {current.data
            ? t('anti-phishing.current', { phrase: current.data })
            : t('anti-phishing.none')}
        </Typography>
        {saving.isError && <Alert severity="error">{saving.error.message}</Alert>}
        <TextField
          label={t('anti-phishing.label')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={invalid}
          helperText={t('anti-phishing.help', { max: ANTI_PHISHING_MAX })}
          slotProps={{ htmlInput: { maxLength: ANTI_PHISHING_MAX } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saving.isPending}>
            {t('anti-phishing.save')}
          </Button>
          {current.data && (
            <Button disabled={saving.isPending} onClick={() => saving.mutate(null)}>
              {t('anti-phishing.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      {stepUp.dialog}
    </>
  );
}
