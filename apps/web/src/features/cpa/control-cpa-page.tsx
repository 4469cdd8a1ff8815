import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import {
  cpaActionSchema,
  cpaLevelSchema,
  type CpaAction,
  type CpaLevel,
  type CpaPartner,
  type CpaSettings,
} from '@meeet/core/api/cpa';
import { formatTokenAmount } from '@meeet/core/format/number';
import { parseTokenAmount, unitsToDecimal } from '@meeet/core/rules/amount';
import { useCpaLandings } from './api/cpa-landings.ts';
import { usePayCpaPartner, useCpaPartners, useSetCpaPartnerLevel } from './api/cpa-partners.ts';
import { useCpaSettings, useSaveCpaSettings } from './api/cpa-settings.ts';
import { NS } from './i18n.ts';

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

function SettingsForm({ settings }: { settings: CpaSettings }) {
  const { t } = useTranslation([NS, 'core']);
  const save = useSaveCpaSettings();
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
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
      >
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
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    [action]: { ...current[action], [level]: event.target.value },
                  }))
                }
              />
            );
          }),
        )}
      </Box>
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

function FraudSignals({ partner }: { partner: CpaPartner }) {
  const { t } = useTranslation(NS);
  const { selfHits, sharedDeviceRegs, flaggedConversions } = partner.fraud;
  if (selfHits + sharedDeviceRegs + flaggedConversions === 0) return <>{t('control.fraud.none')}</>;
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {selfHits > 0 && <li>{t('control.fraud.self', { count: selfHits })}</li>}
      {sharedDeviceRegs > 0 && <li>{t('control.fraud.shared', { count: sharedDeviceRegs })}</li>}
      {flaggedConversions > 0 && (
        <li>{t('control.fraud.flagged', { count: flaggedConversions })}</li>
      )}
    </Stack>
  );
}

function Partners() {
  const { t } = useTranslation(NS);
  const partners = useCpaPartners();
  const setLevel = useSetCpaPartnerLevel();
  const pay = usePayCpaPartner();
  const [paying, setPaying] = useState<CpaPartner | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  if (partners.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (partners.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  return (
    <Stack spacing={1}>
      {notice && (
        <Alert severity={notice.ok ? 'success' : 'error'} role="status">
          {notice.text}
        </Alert>
      )}
      {partners.data.length === 0 ? (
        <Typography>{t('control.no-partners')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('control.partners')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('control.partner')}</TableCell>
                <TableCell>{t('control.level')}</TableCell>
                <TableCell align="right">{t('control.links')}</TableCell>
                <TableCell align="right">{t('totals.hits')}</TableCell>
                <TableCell align="right">{t('totals.regs')}</TableCell>
                <TableCell align="right">{t('totals.value')}</TableCell>
                <TableCell align="right">{t('totals.profit')}</TableCell>
                <TableCell align="right">{t('totals.paid')}</TableCell>
                <TableCell>{t('control.fraud')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {partners.data.map((partner) => (
                <TableRow key={partner.userId}>
                  <TableCell component="th" scope="row">
                    UID {partner.userId}
                    <Typography variant="body2" color="text.secondary">
                      {partner.nickname ?? partner.email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={partner.level}
                      aria-label={t('control.level')}
                      onChange={(event) =>
                        setLevel.mutate({
                          userId: partner.userId,
                          level: event.target.value as CpaLevel,
                        })
                      }
                    >
                      {LEVELS.map((level) => (
                        <MenuItem key={level} value={level}>
                          {t(`control.level.${level}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell align="right">{partner.links}</TableCell>
                  <TableCell align="right">{partner.totals.hits}</TableCell>
                  <TableCell align="right">{partner.totals.regs}</TableCell>
                  <TableCell align="right">{formatTokenAmount(partner.totals.value)}</TableCell>
                  <TableCell align="right">{formatTokenAmount(partner.totals.profit)}</TableCell>
                  <TableCell align="right">{formatTokenAmount(partner.totals.paid)}</TableCell>
                  <TableCell>
                    <FraudSignals partner={partner} />
                  </TableCell>
                  <TableCell>
                    {BigInt(partner.unpaid) > 0n && (
                      <Button size="small" variant="outlined" onClick={() => setPaying(partner)}>
                        {t('control.pay', { amount: formatTokenAmount(partner.unpaid) })}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {paying && (
        <Dialog open onClose={() => setPaying(null)} aria-labelledby="cpa-pay-title">
          <DialogTitle id="cpa-pay-title">
            {t('control.pay-title', {
              amount: formatTokenAmount(paying.unpaid),
              id: paying.userId,
            })}
          </DialogTitle>
          <DialogContent>{t('control.pay-text')}</DialogContent>
          <DialogActions>
            <Button onClick={() => setPaying(null)}>{t('links.cancel')}</Button>
            <Button
              variant="contained"
              disabled={pay.isPending}
              onClick={async () => {
                const result = await pay.mutateAsync({
                  userId: paying.userId,
                  amount: paying.unpaid,
                });
                setNotice(
                  result.ok
                    ? {
                        ok: true,
                        text: t('control.paid', { amount: formatTokenAmount(result.data.amount) }),
                      }
                    : { ok: false, text: result.error },
                );
                setPaying(null);
              }}
            >
              {t('control.pay-confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

/** Spec §2 /control/cpa (admins): payouts, partners with totals and fraud signals, landings. */
export default function ControlCpaPage() {
  const { t } = useTranslation(NS);
  const settings = useCpaSettings();
  const landings = useCpaLandings();
  const origin = globalThis.location?.origin ?? '';
  return (
    <Stack spacing={4} data-testid="control-cpa-page">
      <Typography variant="h4" component="h1">
        {t('control.title')}
      </Typography>
      {settings.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : settings.isError ? (
        <Alert severity="error">{t('load-error')}</Alert>
      ) : (
        // A saved answer starts the form afresh from what the server keeps.
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      )}
      <section aria-labelledby="cpa-partners-title">
        <Typography variant="h6" component="h2" id="cpa-partners-title" sx={{ mb: 1 }}>
          {t('control.partners')}
        </Typography>
        <Partners />
      </section>
      <section aria-labelledby="cpa-landings-title">
        <Typography variant="h6" component="h2" id="cpa-landings-title" sx={{ mb: 1 }}>
          {t('control.landings')}
        </Typography>
        <Stack component="ul" sx={{ m: 0, pl: 2 }}>
          {(landings.data ?? []).map((landing) => (
            <li key={landing.name}>
              {t(`links.landing.${landing.name}`)}:{' '}
              <Box component="a" href={`${origin}${landing.path}`} sx={{ color: 'primary.main' }}>
                {`${origin}${landing.path}`}
              </Box>
            </li>
          ))}
        </Stack>
      </section>
    </Stack>
  );
}
