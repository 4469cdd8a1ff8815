import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MintStockForm } from './components/mint-stock-form.tsx';
import { NS } from './i18n.ts';

/** Control area home for admins: the market's genesis stock (monitoring content: not shown). */
export default function MonitorPage() {
  const { t } = useTranslation(NS);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }} data-testid="control-monitor">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('monitor.title')}
      </Typography>
      <MintStockForm />
    </Container>
  );
}
