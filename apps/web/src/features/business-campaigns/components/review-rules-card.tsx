import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  reviewRulesSchema,
  type ReviewRules,
  type ReviewRulesInput,
  type ReviewRulesView,
} from '@meeet/core/api/review-rules';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useAdminSetting, useSaveAdminSetting } from '../../../lib/admin-setting.ts';
import { useFormat } from '../../../lib/format.ts';
import { reviewRulesSetting } from '../api/control-settings.ts';
import { NS } from '../i18n.ts';

type Values = Record<keyof ReviewRulesInput, string>;
const NUMBERS = ['maxAreaRadiusKm', 'minDailyCap', 'maxDailyCap', 'reviewWithinHours'] as const;
const FIELDS = [...NUMBERS, 'blockedWords'];

const toValues = (rules: ReviewRulesView['rules']): Values => ({
  maxAreaRadiusKm: String(rules.maxAreaRadiusKm),
  minDailyCap: String(rules.minDailyCap),
  maxDailyCap: String(rules.maxDailyCap),
  reviewWithinHours: String(rules.reviewWithinHours),
  blockedWords: rules.blockedWords.join('\n'),
});
// An empty number field is "no number" for the schema, which names the field's bounds.
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Admins edit the rules with the contract's own schema; what they save is audited. */
function RulesForm({ view }: { view: ReviewRulesView }) {
  const { t } = useTranslation([NS, 'core']);
  const save = useSaveAdminSetting(reviewRulesSetting);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const app = useAppForm<Values, ReviewRules>({
    schema: reviewRulesSchema as never,
    defaultValues: toValues(view.rules),
    toInput: (v): ReviewRulesInput => ({
      maxAreaRadiusKm: number(v.maxAreaRadiusKm),
      minDailyCap: number(v.minDailyCap),
      maxDailyCap: number(v.maxDailyCap),
      reviewWithinHours: number(v.reviewWithinHours),
      blockedWords: v.blockedWords.split(/[\n,]/),
    }),
    dependents: { minDailyCap: ['maxDailyCap'] },
  });
  const onSubmit = async (body: ReviewRules) => {
    setOutcome(null);
    const result = await save.mutateAsync(body);
    if (result.ok) {
      setOutcome({ ok: true, text: t('rules.saved') });
      app.reset(toValues(result.data.rules));
    } else if (!showServerFieldErrors(app.form, result, FIELDS)) {
      setOutcome({ ok: false, text: failureMessage(result, t('rules.error')) });
    }
  };
  const field = (name: keyof Values, extra: object = {}) => (
    <FormTextField
      name={name}
      testId={`rules-${name}`}
      label={t(`rules.field.${name}`)}
      {...extra}
    />
  );
  return (
    <AppForm form={app} onSubmit={onSubmit} testId="rules-form" aria-labelledby="rules-title">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('maxAreaRadiusKm', { type: 'number', required: true })}
          {field('reviewWithinHours', { type: 'number', required: true })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('minDailyCap', { type: 'number', required: true })}
          {field('maxDailyCap', { type: 'number', required: true })}
        </Stack>
        {field('blockedWords', { multiline: true, minRows: 3, hint: t('rules.hint.words') })}
        {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            {t('rules.save')}
          </Button>
        </Box>
      </Stack>
    </AppForm>
  );
}

/** Moderators read the rules they review by. */
function RulesList({ rules }: { rules: ReviewRulesView['rules'] }) {
  const { t } = useTranslation(NS);
  const row = (name: (typeof NUMBERS)[number]) => (
    <Typography key={name} variant="body2">
      {t(`rules.field.${name}`)}: <b>{rules[name]}</b>
    </Typography>
  );
  return (
    <Stack spacing={1}>
      {NUMBERS.map(row)}
      <Typography variant="body2">{t('rules.field.blockedWords')}:</Typography>
      {rules.blockedWords.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('rules.no-words')}
        </Typography>
      ) : (
        <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.5}>
          {rules.blockedWords.map((word) => (
            <Chip key={word} size="small" label={word} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The control area's "Review rules" card (issue 44 item 5): admins edit, moderators read; the
 * server checks the role of every call.
 */
export function ReviewRulesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const rules = useAdminSetting(reviewRulesSetting);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rules-title">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2" id="rules-title">
          {t('rules.title')}
        </Typography>
        {rules.isPending ? (
          <Typography>…</Typography>
        ) : rules.isError ? (
          <Alert severity="error">{t('rules.load-error')}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {rules.data.updatedAt
                ? t('rules.updated', { at: fmt.dateTime(rules.data.updatedAt) })
                : t('rules.defaults')}
            </Typography>
            {editable ? <RulesForm view={rules.data} /> : <RulesList rules={rules.data.rules} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
