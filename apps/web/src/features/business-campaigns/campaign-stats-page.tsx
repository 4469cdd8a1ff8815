import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CampaignStats } from '@meeet/core/api/campaigns';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { downloadStatsCsv } from './api/download-stats-csv.ts';
import { useCampaignStats } from './api/get-campaign-stats.ts';
import { useCampaign } from './api/list-campaigns.ts';
import { StatsChart } from './components/stats-chart.tsx';
import { NS } from './i18n.ts';

/** The day-by-day figures behind the chart, each day's charge in USDT. */
function StatsTable({ days }: { days: CampaignStats['days'] }) {
  const { t } = useTranslation(NS);
  return (
    <Table size="small" data-testid="campaign-stats">
      <TableHead>
        <TableRow>
          <TableCell>{t('stats.day')}</TableCell>
          <TableCell align="right">{t('stats.served')}</TableCell>
          <TableCell align="right">{t('stats.impressions')}</TableCell>
          <TableCell align="right">{t('stats.clicks')}</TableCell>
          <TableCell align="right">{t('stats.ctr')}</TableCell>
          <TableCell align="right">{t('stats.charged')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.day}>
            <TableCell>{day.day}</TableCell>
            <TableCell align="right">{day.served}</TableCell>
            <TableCell align="right" data-testid="stats-impressions">
              {day.impressions}
            </TableCell>
            <TableCell align="right">{day.clicks}</TableCell>
            <TableCell align="right">
              {day.ctr === null ? '—' : `${(day.ctr * 100).toFixed(1)}%`}
            </TableCell>
            <TableCell align="right">
              {day.charged === null ? t('stats.not-charged') : unitsToDecimal(BigInt(day.charged))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A campaign's statistics by UTC day: a chart, the table with each day's charge, CSV export. */
export default function CampaignStatsPage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const campaign = useCampaign(id);
  const stats = useCampaignStats(id);
  if (campaign.isPending || stats.isPending) return <PageSpinner />;
  const back = (
    <Button component={RouterLink} to={paths.account.businessCampaigns.getHref()}>
      {t('stats.back')}
    </Button>
  );
  if (campaign.isError || stats.isError) {
    return (
      <Stack spacing={2} sx={{ py: 2 }}>
        <Alert severity="info">{t('load-error')}</Alert>
        {back}
      </Stack>
    );
  }
  const days = stats.data.days;
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
        <Typography variant="h5" component="h1">
          {t('stats.title', { title: campaign.data.title })}
        </Typography>
        {back}
      </Stack>
      {days.length === 0 ? (
        <Typography color="text.secondary">{t('stats.empty')}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <StatsChart days={days} label={t('stats.chart')} />
          <Typography variant="caption" color="text.secondary">
            {t('stats.legend')}
          </Typography>
        </Paper>
      )}
      <StatsTable days={days} />
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography>
          {t('stats.total', { total: unitsToDecimal(BigInt(stats.data.totalCharged)) })}
        </Typography>
        <Button variant="outlined" onClick={() => void downloadStatsCsv(id)}>
          {t('stats.csv')}
        </Button>
      </Stack>
    </Stack>
  );
}
