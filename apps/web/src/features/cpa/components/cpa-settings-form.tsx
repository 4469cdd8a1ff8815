import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  cpaActionSchema,
  cpaLevelSchema,
  type CpaAction,
  type CpaLevel,
  type CpaSettings,
} from '@meeet/core/api/cpa';
import { parseTokenAmount, unitsToDecimal } from '@meeet/core/rules/amount';
import { useTranslation } from '../../../i18n/react.ts';
import { useSaveAdminSetting } from '../../../lib/admin-setting.ts';
import { cpaSettings } from '../api/cpa-settings.ts';
import { NS } from '../i18n.ts';

const ACTIONS = cpaActionSchema.options;
const LEVELS = cpaLevelSchema.options;
type Draft = Record<CpaAction, Record<CpaLevel, string>>;

function toDraft(settings: CpaSettings): Draft {
  const draft = {} as Draft;
  for (const action of ACTIONS) {
    draft[action] = {} as Record<CpaLevel, string>;
    for (const level of LEVELS)
      draft[action][level] = unitsToDecimal(BigInt(settings.payouts[action][level]));
  }
  return draft;
}

/** A typed payout → units; '0' is a valid payout (the action earns nothing). */
function toUnits(text: string): { ok: true; units: string } | { ok: false; error: string } {
  if (/^\s*0*(\.0*)?\s*$/.test(text) && text.trim() !== '') return { ok: true, units: '0' };
  const parsed = parseTokenAmount(text);
  return parsed.ok ? { ok: true, units: parsed.units.toString() } : parsed;
}

/** One payout field per action and partner level, each with its error or its currency. */
function PayoutFields({
  draft,
  errors,
  onChange,
}: {
  draft: Draft;
  errors: Record<string, string>;
  onChange: (action: CpaAction, level: CpaLevel, value: string) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
      {ACTIONS.flatMap((action) =>
        LEVELS.map((level) => {
          const key = `${action}.${level}`;
          return (
            <TextField
              key={key}
              label={t('control.payout-field', {
                action: t(`action.${action}`),
                level: t(`control.level.${level}`),
              })}
              value={draft[action][level]}
              error={Boolean(errors[key])}
              helperText={errors[key] ?? 'USDT'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              onChange={(event) => onChange(action, level, event.target.value)}
            />
          );
        }),
      )}
    </Box>
  );
}

/** The payout of each action at each partner level, saved together. */
export function CpaSettingsForm({ settings }: { settings: CpaSettings }) {
  const { t } = useTranslation([NS, 'core']);
  const save = useSaveAdminSetting(cpaSettings);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    setSaved(false);
    const next: Record<string, string> = {};
    const payouts = {} as CpaSettings['payouts'];
    for (const action of ACTIONS) {
      payouts[action] = {} as Record<CpaLevel, string>;
      for (const level of LEVELS) {
        const parsed = toUnits(draft[action][level]);
        if (parsed.ok) payouts[action][level] = parsed.units;
        else next[`${action}.${level}`] = t(parsed.error, { ns: 'core' });
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await save.mutateAsync({ currency: 'USDT', payouts });
    setSaved(result.ok);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="cpa-settings-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Typography variant="h6" component="h2" id="cpa-settings-title">
        {t('control.settings')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('control.settings-help')}
      </Typography>
      <PayoutFields
        draft={draft}
        errors={errors}
        onChange={(action, level, value) =>
          setDraft((current) => ({ ...current, [action]: { ...current[action], [level]: value } }))
        }
      />
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('control.save')}
        </Button>
        {saved && (
          <Typography role="status" color="success.main">
            {t('control.saved')}
          </Typography>
        )}
        {save.data && !save.data.ok && <Alert severity="error">{save.data.error}</Alert>}
      </Stack>
    </Box>
  );
}
