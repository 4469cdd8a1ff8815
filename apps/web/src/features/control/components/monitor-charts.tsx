import { useState } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { MonitorRange } from '@meeet/core/api/monitor';
import { useTranslation } from '../../../i18n/react.ts';
import { useMonitorHistory } from '../api/get-monitor.ts';
import { NS } from '../i18n.ts';
import { Sparkline } from './sparkline.tsx';

/** The monitor's history as sparklines, over the last day or week. */
export function MonitorCharts() {
  const { t } = useTranslation(NS);
  const [range, setRange] = useState<MonitorRange>('24h');
  const history = useMonitorHistory(range);
  const points = history.data?.points ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t('monitor.charts')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_event, value: MonitorRange | null) => value && setRange(value)}
        >
          <ToggleButton value="24h">{t('monitor.range-24h')}</ToggleButton>
          <ToggleButton value="7d">{t('monitor.range-7d')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {points.length === 0 ? (
        <Typography color="text.secondary">{t('monitor.no-history')}</Typography>
      ) : (
        <Grid container spacing={2} data-testid="monitor-charts">
          {(
            [
              ['monitor.users-total', points.map((p) => p.usersTotal)],
              ['monitor.sockets', points.map((p) => p.sockets)],
              ['monitor.requests', points.map((p) => p.requestsPerMinute)],
              ['monitor.errors', points.map((p) => p.errorsPerMinute)],
              ['monitor.p95', points.map((p) => p.p95Ms)],
              ['monitor.sold', points.map((p) => p.sold)],
            ] as const
          ).map(([key, values]) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Sparkline label={t(key)} values={values} />
            </Grid>
          ))}
        </Grid>
      )}
    </Paper>
  );
}
