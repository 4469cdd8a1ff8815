import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MonitorSnapshot } from '@meeet/core/api/monitor';
import { nftTypeName } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';

type Format = ReturnType<typeof useFormat>;

/** One figure of a panel: its label's key, its test id, how it reads the snapshot. */
interface FigureSpec {
  label:
    | 'monitor.users-total'
    | 'monitor.users-today'
    | 'monitor.users-week'
    | 'monitor.sockets'
    | 'monitor.online'
    | 'monitor.raised-hands'
    | 'monitor.meetings-now'
    | 'monitor.meetings-today'
    | 'monitor.mints-today'
    | 'monitor.kyc-waiting'
    | 'monitor.kyc-oldest'
    | 'monitor.deposits-pending'
    | 'monitor.withdrawals-pending'
    | 'monitor.requests'
    | 'monitor.errors'
    | 'monitor.p95'
    | 'monitor.head'
    | 'monitor.hot-bnb'
    | 'monitor.hot-usdt';
  testId: string;
  value: (s: MonitorSnapshot, fmt: Format) => ReactNode;
  warn?: (s: MonitorSnapshot) => boolean;
}

/** A KYC request waiting longer than a day is a warning. */
const KYC_WAIT_WARN_SECONDS = 24 * 3600;
/** A chain worker this many blocks behind the head is a warning. */
const LAG_WARN_BLOCKS = 50;

const USERS: FigureSpec[] = [
  { label: 'monitor.users-total', testId: 'monitor-users-total', value: (s) => s.users.total },
  { label: 'monitor.users-today', testId: 'monitor-users-today', value: (s) => s.users.today },
  { label: 'monitor.users-week', testId: 'monitor-users-week', value: (s) => s.users.week },
  { label: 'monitor.sockets', testId: 'monitor-sockets', value: (s) => s.realtime.sockets },
  { label: 'monitor.online', testId: 'monitor-online', value: (s) => s.realtime.users },
  {
    label: 'monitor.raised-hands',
    testId: 'monitor-raised-hands',
    value: (s) => s.meet.raisedHands,
  },
  {
    label: 'monitor.meetings-now',
    testId: 'monitor-meetings-now',
    value: (s) => s.meet.meetingsInProgress,
  },
  {
    label: 'monitor.meetings-today',
    testId: 'monitor-meetings-today',
    value: (s) => s.meet.meetingsCompletedToday,
  },
  { label: 'monitor.mints-today', testId: 'monitor-mints-today', value: (s) => s.meet.mintsToday },
];

const OPERATIONS: FigureSpec[] = [
  { label: 'monitor.kyc-waiting', testId: 'monitor-kyc-waiting', value: (s) => s.kyc.waiting },
  {
    label: 'monitor.kyc-oldest',
    testId: 'monitor-kyc-oldest',
    value: (s) => duration(s.kyc.oldestWaitSeconds),
    warn: (s) => (s.kyc.oldestWaitSeconds ?? 0) > KYC_WAIT_WARN_SECONDS,
  },
  {
    label: 'monitor.deposits-pending',
    testId: 'monitor-deposits-pending',
    value: (s) => s.wallet.depositsPending,
  },
  {
    label: 'monitor.withdrawals-pending',
    testId: 'monitor-withdrawals-pending',
    value: (s) => s.wallet.withdrawalsPending,
  },
];

const HTTP: FigureSpec[] = [
  { label: 'monitor.requests', testId: 'monitor-requests', value: (s) => s.http.requestsPerMinute },
  {
    label: 'monitor.errors',
    testId: 'monitor-errors',
    value: (s) => s.http.errorsPerMinute,
    warn: (s) => s.http.errorsPerMinute > 0,
  },
  {
    label: 'monitor.p95',
    testId: 'monitor-p95',
    value: (s) => (s.http.p95Ms === null ? '—' : `${s.http.p95Ms} ms`),
  },
];

const HOT_WALLET: FigureSpec[] = [
  {
    label: 'monitor.hot-bnb',
    testId: 'monitor-hot-bnb',
    value: (s, fmt) => (s.chain ? fmt.amount(BigInt(s.chain.hotWallet.bnb)) : '—'),
    warn: (s) => Boolean(s.chain?.hotWallet.bnbLow),
  },
  {
    label: 'monitor.hot-usdt',
    testId: 'monitor-hot-usdt',
    value: (s, fmt) => (s.chain ? fmt.amount(BigInt(s.chain.hotWallet.usdt)) : '—'),
    warn: (s) => Boolean(s.chain?.hotWallet.usdtLow),
  },
];

const cell = { xs: 6, sm: 4 } as const;

function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

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

/** Each spec as a grid cell of the panel. */
function FigureCells({ specs, s }: { specs: FigureSpec[]; s: MonitorSnapshot }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return specs.map((spec) => (
    <Grid key={spec.testId} size={cell}>
      <Figure
        label={t(spec.label)}
        value={spec.value(s, fmt)}
        testId={spec.testId}
        warn={spec.warn?.(s) ?? false}
      />
    </Grid>
  ));
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
        <Typography variant="subtitle1" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Grid container spacing={2}>
          {children}
        </Grid>
      </Paper>
    </Grid>
  );
}

function MarketLevels({ s }: { s: MonitorSnapshot }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return s.market.map((level) => (
    <Grid key={level.level} size={{ xs: 12, sm: 4 }} data-testid={`monitor-level-${level.level}`}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {nftTypeName(level.level)}
      </Typography>
      <Figure label={t('monitor.sold')} value={level.sold} testId={`monitor-sold-${level.level}`} />
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
  ));
}

function ChainFigures({ s }: { s: MonitorSnapshot }) {
  const { t } = useTranslation(NS);
  if (!s.chain)
    return (
      <Grid size={12}>
        <Alert severity="warning">{t('monitor.no-chain')}</Alert>
      </Grid>
    );
  const { hotWallet } = s.chain;
  return (
    <>
      <Grid size={cell}>
        <Figure label={t('monitor.head')} value={s.chain.head} testId="monitor-chain-head" />
      </Grid>
      {s.chain.workers.map((worker) => (
        <Grid key={worker.name} size={cell}>
          <Figure
            label={t('monitor.lag', { name: worker.name })}
            value={worker.lag ?? '—'}
            testId={`monitor-lag-${worker.name}`}
            warn={(worker.lag ?? 0) > LAG_WARN_BLOCKS}
          />
        </Grid>
      ))}
      <FigureCells specs={HOT_WALLET} s={s} />
      {(hotWallet.bnbLow || hotWallet.usdtLow) && (
        <Grid size={12}>
          <Alert severity="warning" data-testid="monitor-hot-low">
            {t('monitor.hot-low', { address: hotWallet.address })}
          </Alert>
        </Grid>
      )}
    </>
  );
}

/** The live snapshot in four panels: users, operations, the market, the system. */
export function MonitorFigures({ s }: { s: MonitorSnapshot }) {
  const { t } = useTranslation(NS);
  return (
    <Grid container spacing={2} data-testid="monitor-figures" data-at={s.at}>
      <Panel title={t('monitor.users')}>
        <FigureCells specs={USERS} s={s} />
      </Panel>
      <Panel title={t('monitor.operations')}>
        <FigureCells specs={OPERATIONS} s={s} />
      </Panel>
      <Panel title={t('monitor.market')}>
        <MarketLevels s={s} />
      </Panel>
      <Panel title={t('monitor.system')}>
        <FigureCells specs={HTTP} s={s} />
        <ChainFigures s={s} />
      </Panel>
    </Grid>
  );
}
