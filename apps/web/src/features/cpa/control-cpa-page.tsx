import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { useCpaSettings } from './api/cpa-settings.ts';
import { CpaLandingsList } from './components/cpa-landings-list.tsx';
import { CpaPartners } from './components/cpa-partners.tsx';
import { CpaSettingsForm } from './components/cpa-settings-form.tsx';
import { NS } from './i18n.ts';

/** Spec §2 /control/cpa (admins): payouts, partners with totals and fraud signals, landings. */
export default function ControlCpaPage() {
  const { t } = useTranslation(NS);
  const settings = useCpaSettings();
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
        <CpaSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      )}
      <section aria-labelledby="cpa-partners-title">
        <Typography variant="h6" component="h2" id="cpa-partners-title" sx={{ mb: 1 }}>
          {t('control.partners')}
        </Typography>
        <CpaPartners />
      </section>
      <section aria-labelledby="cpa-landings-title">
        <Typography variant="h6" component="h2" id="cpa-landings-title" sx={{ mb: 1 }}>
          {t('control.landings')}
        </Typography>
        <CpaLandingsList />
      </section>
    </Stack>
  );
}
