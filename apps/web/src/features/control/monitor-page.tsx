import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useLiveMonitor } from './api/get-monitor.ts';
import { MintStockForm } from './components/mint-stock-form.tsx';
import { MonitorCharts } from './components/monitor-charts.tsx';
import { MonitorFigures } from './components/monitor-figures.tsx';
import { NS } from './i18n.ts';

/** /control/monitor: the product's health, live over the socket, and the genesis-mint form. */
export default function MonitorPage() {
  const { t } = useTranslation(NS);
  const monitor = useLiveMonitor();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }} data-testid="control-monitor">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('monitor.title')}
      </Typography>
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
    </Container>
  );
}
