import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import type { MonitorRange, MonitorSnapshot } from '@meeet/core/api/monitor';
import { nftTypeName } from '@meeet/core/enums';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useLiveMonitor, useMonitorHistory } from './api/get-monitor.ts';
import { MintStockForm } from './components/mint-stock-form.tsx';
import { Sparkline } from './components/sparkline.tsx';
import { NS } from './i18n.ts';
import { useFormat } from '../../lib/format.ts';

function Figure({
  label,
  value,
  testId,
  warn = false,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  warn?: boolean;
}) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        data-testid={testId}
        color={warn ? 'warning.main' : 'text.primary'}
      >
        {value}
      </Typography>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}

const cell = { xs: 6, sm: 4 } as const;

function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

function Figures({ s }: { s: MonitorSnapshot }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Grid container spacing={2} data-testid="monitor-figures" data-at={s.at}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('monitor.users')}>
          <Grid size={cell}>
            <Figure
              label={t('monitor.users-total')}
              value={s.users.total}
              testId="monitor-users-total"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.users-today')}
              value={s.users.today}
              testId="monitor-users-today"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.users-week')}
              value={s.users.week}
              testId="monitor-users-week"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.sockets')}
              value={s.realtime.sockets}
              testId="monitor-sockets"
            />
          </Grid>
          <Grid size={cell}>
            <Figure label={t('monitor.online')} value={s.realtime.users} testId="monitor-online" />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.raised-hands')}
              value={s.meet.raisedHands}
              testId="monitor-raised-hands"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.meetings-now')}
              value={s.meet.meetingsInProgress}
              testId="monitor-meetings-now"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.meetings-today')}
              value={s.meet.meetingsCompletedToday}
              testId="monitor-meetings-today"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.mints-today')}
              value={s.meet.mintsToday}
              testId="monitor-mints-today"
            />
          </Grid>
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('monitor.operations')}>
          <Grid size={cell}>
            <Figure
              label={t('monitor.kyc-waiting')}
              value={s.kyc.waiting}
              testId="monitor-kyc-waiting"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.kyc-oldest')}
              value={duration(s.kyc.oldestWaitSeconds)}
              testId="monitor-kyc-oldest"
              warn={(s.kyc.oldestWaitSeconds ?? 0) > 24 * 3600}
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.deposits-pending')}
              value={s.wallet.depositsPending}
              testId="monitor-deposits-pending"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.withdrawals-pending')}
              value={s.wallet.withdrawalsPending}
              testId="monitor-withdrawals-pending"
            />
          </Grid>
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('monitor.market')}>
          {s.market.map((level) => (
            <Grid
              key={level.level}
              size={{ xs: 12, sm: 4 }}
              data-testid={`monitor-level-${level.level}`}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {nftTypeName(level.level)}
              </Typography>
              <Figure
                label={t('monitor.sold')}
                value={level.sold}
                testId={`monitor-sold-${level.level}`}
              />
              <Figure
                label={t('monitor.revenue')}
                value={`${fmt.amount(BigInt(level.revenue))} USDT`}
                testId={`monitor-revenue-${level.level}`}
              />
              <Figure
                label={t('monitor.queued')}
                value={level.queued}
                testId={`monitor-queued-${level.level}`}
              />
            </Grid>
          ))}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={t('monitor.system')}>
          <Grid size={cell}>
            <Figure
              label={t('monitor.requests')}
              value={s.http.requestsPerMinute}
              testId="monitor-requests"
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.errors')}
              value={s.http.errorsPerMinute}
              testId="monitor-errors"
              warn={s.http.errorsPerMinute > 0}
            />
          </Grid>
          <Grid size={cell}>
            <Figure
              label={t('monitor.p95')}
              value={s.http.p95Ms === null ? '—' : `${s.http.p95Ms} ms`}
              testId="monitor-p95"
            />
          </Grid>
          {s.chain ? (
            <>
              <Grid size={cell}>
                <Figure
                  label={t('monitor.head')}
                  value={s.chain.head}
                  testId="monitor-chain-head"
                />
              </Grid>
              {s.chain.workers.map((worker) => (
                <Grid key={worker.name} size={cell}>
                  <Figure
                    label={t('monitor.lag', { name: worker.name })}
                    value={worker.lag ?? '—'}
                    testId={`monitor-lag-${worker.name}`}
                    warn={(worker.lag ?? 0) > 50}
                  />
                </Grid>
              ))}
              <Grid size={cell}>
                <Figure
                  label={t('monitor.hot-bnb')}
                  value={fmt.amount(BigInt(s.chain.hotWallet.bnb))}
                  testId="monitor-hot-bnb"
                  warn={s.chain.hotWallet.bnbLow}
                />
              </Grid>
              <Grid size={cell}>
                <Figure
                  label={t('monitor.hot-usdt')}
                  value={fmt.amount(BigInt(s.chain.hotWallet.usdt))}
                  testId="monitor-hot-usdt"
                  warn={s.chain.hotWallet.usdtLow}
                />
              </Grid>
              {(s.chain.hotWallet.bnbLow || s.chain.hotWallet.usdtLow) && (
                <Grid size={12}>
                  <Alert severity="warning" data-testid="monitor-hot-low">
                    {t('monitor.hot-low', { address: s.chain.hotWallet.address })}
                  </Alert>
                </Grid>
              )}
            </>
          ) : (
            <Grid size={12}>
              <Alert severity="warning">{t('monitor.no-chain')}</Alert>
            </Grid>
          )}
        </Panel>
      </Grid>
    </Grid>
  );
}

function Charts() {
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
          <Figures s={monitor.data} />
        )}
        <Charts />
        <MintStockForm />
      </Stack>
    </Container>
  );
}
