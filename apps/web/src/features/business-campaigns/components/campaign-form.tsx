import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { campaignSaveSchema, type CampaignSave } from '@meeet/core/api/campaigns';
import { limitBreach } from '@meeet/core/rules/review-rules';
import { useTranslation } from '../../../i18n/react.ts';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm, type FormCheck } from '../../../components/form/use-app-form.ts';
import { useReviewLimits } from '../../../components/review-rules/use-review-limits.ts';
import { useCreateCampaign } from '../api/create-campaign.ts';
import { NS } from '../i18n.ts';

interface FormValues {
  title: string;
  text: string;
  link: string;
  dailyCap: string;
  startsAt: string;
  endsAt: string;
  areaRadiusKm: string;
  countries: string;
}

const EMPTY: FormValues = {
  title: '',
  text: '',
  link: 'https://',
  dailyCap: '1000',
  startsAt: '',
  endsAt: '',
  areaRadiusKm: '',
  countries: '',
};
const FIELDS = Object.keys(EMPTY);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const isoOrNull = (text: string) => (text ? new Date(text).toISOString() : null);

/**
 * The admins' limits for the form: a hint under each field, and checks by the rule the server
 * enforces, naming the limit; each field is judged alone (the other taken as within).
 */
function useLimits() {
  const { t } = useTranslation(['core', 'review-rules']);
  const limits = useReviewLimits().data;
  const withinLimits =
    (name: 'areaRadiusKm' | 'dailyCap'): FormCheck<FormValues> =>
    (v) => {
      if (!limits) return null;
      const breach = limitBreach(
        limits,
        name === 'areaRadiusKm'
          ? { areaRadiusKm: numberOrNull(v.areaRadiusKm), dailyCap: limits.minDailyCap }
          : { areaRadiusKm: null, dailyCap: Number(v.dailyCap) },
      );
      return breach && t(breach.messageKey, breach.params);
    };
  return {
    checks: { areaRadiusKm: withinLimits('areaRadiusKm'), dailyCap: withinLimits('dailyCap') },
    hints: {
      areaRadiusKm:
        limits && t('limits.area', { ns: 'review-rules', limit: limits.maxAreaRadiusKm }),
      dailyCap:
        limits &&
        t('limits.cap', { ns: 'review-rules', min: limits.minDailyCap, max: limits.maxDailyCap }),
    },
  };
}

/** A new campaign as a draft: the contract's own schema validates it here and on the server. */
export function CampaignForm() {
  const { t } = useTranslation([NS, 'core']);
  const create = useCreateCampaign();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const limits = useLimits();
  const app = useAppForm<FormValues, CampaignSave>({
    schema: campaignSaveSchema as never,
    defaultValues: EMPTY,
    toInput: (v) => ({
      title: v.title,
      text: v.text,
      link: v.link,
      dailyCap: Number(v.dailyCap),
      startsAt: isoOrNull(v.startsAt) ?? new Date().toISOString(),
      endsAt: isoOrNull(v.endsAt),
      areaRadiusKm: numberOrNull(v.areaRadiusKm),
      countries: v.countries
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    }),
    checks: limits.checks,
  });
  const onSubmit = async (body: CampaignSave) => {
    const result = await create.mutateAsync(body);
    if (result.ok) {
      setOutcome({ ok: true, text: t('created') });
      app.reset(EMPTY);
    } else if (!showServerFieldErrors(app.form, result, FIELDS)) {
      setOutcome({ ok: false, text: failureMessage(result, t('error')) });
    }
  };
  const field = (name: keyof FormValues, extra: object = {}) => (
    <FormTextField name={name} testId={`campaign-${name}`} label={t(`field.${name}`)} {...extra} />
  );
  const date = { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } };
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" id="campaign-form-title" gutterBottom>
        {t('new.title')}
      </Typography>
      <AppForm
        form={app}
        onSubmit={onSubmit}
        testId="campaign-form"
        aria-labelledby="campaign-form-title"
      >
        <Stack spacing={2}>
          {field('title', { required: true })}
          {field('text', { required: true, multiline: true, minRows: 2 })}
          {field('link', { required: true })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('dailyCap', {
              type: 'number',
              required: true,
              hint: limits.hints.dailyCap,
            })}
            {field('areaRadiusKm', {
              type: 'number',
              hint: limits.hints.areaRadiusKm,
            })}
          </Stack>
          {field('countries')}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('startsAt', date)}
            {field('endsAt', date)}
          </Stack>
          {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
          <Box>
            <Button type="submit" variant="contained" data-testid="campaign-create">
              {t('create')}
            </Button>
          </Box>
        </Stack>
      </AppForm>
    </Paper>
  );
}
