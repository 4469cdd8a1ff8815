import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../i18n/react.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useLiveMonitor } from './api/get-monitor.ts';
import { MintStockForm } from './components/mint-stock-form.tsx';
import { MonitorCharts } from './components/monitor-charts.tsx';
import { MonitorFigures } from './components/monitor-figures.tsx';
import { NS } from './i18n.ts';
import { ControlPage } from './components/control-page.tsx';

/** /control/monitor: the product's health, live over the socket, and the genesis-mint form. */
export default function MonitorPage() {
  const { t } = useTranslation(NS);
  const monitor = useLiveMonitor();
  return (
    <ControlPage title={t('monitor.title')} testId="control-monitor">
      <Stack spacing={3}>
        {monitor.isPending ? (
          <PageSpinner />
        ) : monitor.isError ? (
          <Alert severity="error">{t('monitor.load-error')}</Alert>
        ) : (
          <MonitorFigures s={monitor.data} />
        )}
        <MonitorCharts />
        <MintStockForm />
      </Stack>
    </ControlPage>
  );
}
