import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { useAdminSetting } from '../../lib/admin-setting.ts';
import { cpaSettings } from './api/cpa-settings.ts';
import { CpaLandingsList } from './components/cpa-landings-list.tsx';
import { CpaPartners } from './components/cpa-partners.tsx';
import { CpaSection } from './components/cpa-section.tsx';
import { CpaSettingsForm } from './components/cpa-settings-form.tsx';
import { NS } from './i18n.ts';

/** Spec §2 /control/cpa (admins): payouts, partners with totals and fraud signals, landings. */
export default function ControlCpaPage() {
  const { t } = useTranslation(NS);
  const settings = useAdminSetting(cpaSettings);
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
      <CpaSection id="cpa-partners-title" title={t('control.partners')}>
        <CpaPartners />
      </CpaSection>
      <CpaSection id="cpa-landings-title" title={t('control.landings')}>
        <CpaLandingsList />
      </CpaSection>
    </Stack>
  );
}
