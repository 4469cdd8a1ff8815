import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useCpaStats } from '../api/get-cpa-stats.ts';
import { NS } from '../i18n.ts';
import { CpaConversions } from './cpa-conversions.tsx';
import { CpaLinksTable } from './cpa-links-table.tsx';
import { CpaPostbacks } from './cpa-postbacks.tsx';
import { CpaSection } from './cpa-section.tsx';
import { CpaTotals } from './cpa-totals.tsx';

const DailyChart = lazy(() => import('./daily-chart.tsx'));

const PERIODS = { week: 7, twoWeeks: 14, month: 30 } as const;
type Period = keyof typeof PERIODS;
const DAY_MS = 86_400_000;

function periodQuery(period: Period) {
  const to = new Date();
  const from = new Date(to.getTime() - (PERIODS[period] - 1) * DAY_MS);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** The signed-in partner's cabinet: the period's figures, conversions and postbacks. */
export function CpaCabinet() {
  const { t } = useTranslation(NS);
  const [period, setPeriod] = useState<Period>('month');
  const stats = useCpaStats(periodQuery(period));
  return (
    <Stack spacing={4}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t('cabinet.title')}
        </Typography>
        <Button component={RouterLink} to={paths.account.cpa.getHref()} variant="outlined">
          {t('cabinet.manage-links')}
        </Button>
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        aria-label={t('cabinet.period')}
        onChange={(_, next: Period | null) => next && setPeriod(next)}
      >
        {(Object.keys(PERIODS) as Period[]).map((key) => (
          <ToggleButton key={key} value={key}>
            {t(`period.${key}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {stats.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : stats.isError ? (
        <Alert severity="error">{t('load-error')}</Alert>
      ) : (
        <>
          <CpaTotals totals={stats.data.totals} unpaid={stats.data.unpaid} />
          <CpaSection id="cpa-chart-title" title={t('chart.title')} tight>
            <Suspense fallback={<CircularProgress aria-label={t('chart.loading')} />}>
              <DailyChart
                days={stats.data.days}
                labels={{ hits: t('totals.hits'), regs: t('totals.regs'), title: t('chart.label') }}
              />
            </Suspense>
          </CpaSection>
          <CpaSection id="cpa-links-title" title={t('table.links')}>
            <CpaLinksTable links={stats.data.links} />
          </CpaSection>
        </>
      )}
      <CpaSection id="cpa-conversions-title" title={t('conversions.title')}>
        <CpaConversions />
      </CpaSection>
      <CpaSection id="cpa-postbacks-title" title={t('postbacks.title')}>
        <CpaPostbacks />
      </CpaSection>
    </Stack>
  );
}
