import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ShareIcon from '@mui/icons-material/Share';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { QRCodeSVG } from 'qrcode.react';
import { Link as RouterLink } from 'react-router';
import {
  referralPeriodSchema,
  referralSourceSchema,
  type ReferralPeriod,
  type ReferralReward,
  type ReferralStatsResponse,
} from '@meeet/core/api/referral';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from '../../../i18n/react.ts';
import { paths } from '../../../app/paths.ts';
import { useRecentRewards, useReferralStats } from '../api/referral.ts';
import { NS } from '../i18n.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { percent, usdt } from './format.ts';

const IncomeChart = lazy(() => import('./income-chart.tsx'));

const QR_SIZE = 148;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One labelled figure; the label names it for assistive technology too. */
function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 150 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

function ShareButton({ url }: { url: string }) {
  const { t } = useTranslation(NS);
  if (typeof navigator.share !== 'function') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ShareIcon />}
      onClick={() => void navigator.share({ title: t('ref.share-title'), url }).catch(() => {})}
    >
      {t('ref.share')}
    </Button>
  );
}

function LinkSection({ stats }: { stats: ReferralStatsResponse }) {
  const { t } = useTranslation(NS);
  const url = `${window.location.origin}${stats.linkPath}`;
  return (
    <Section title={t('ref.link')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box sx={{ bgcolor: '#fff', p: 1, lineHeight: 0, borderRadius: 1 }}>
          <QRCodeSVG value={url} size={QR_SIZE} title={t('ref.qr')} />
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: 0, width: '100%' }}>
          <Typography data-testid="referral-link" sx={{ wordBreak: 'break-all' }}>
            {url}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <CopyButton text={url} label={t('ref.copy-link')} copiedLabel={t('ref.copied')} />
            <ShareButton url={url} />
          </Stack>
          <Typography color="text.secondary">{t('ref.code')}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              data-testid="referral-code"
              sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}
            >
              {stats.code}
            </Typography>
            <CopyButton
              text={stats.code}
              label={t('ref.copy-code')}
              copiedLabel={t('ref.copied')}
            />
          </Stack>
        </Stack>
      </Stack>
    </Section>
  );
}

function Totals({ stats }: { stats: ReferralStatsResponse }) {
  const { t } = useTranslation(NS);
  return (
    <Section title={t('ref.totals')}>
      <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Figure label={t('ref.total-income')} value={usdt(stats.totalIncome)} />
        <Figure label={t('ref.monthly-income')} value={usdt(stats.monthlyIncome)} />
        <Figure label={t('ref.pending-income')} value={usdt(stats.pendingIncome)} />
        <Figure label={t('ref.active')} value={stats.activeReferrals} />
        <Figure label={t('ref.attracted')} value={stats.totalAttracted} />
        <Figure label={t('ref.levels')} value={stats.levels.join(' / ')} />
        <Figure label={t('ref.your-level')} value={t(`ref.level.${stats.level}`)} />
      </Stack>
    </Section>
  );
}

function PeriodSection({ stats }: { stats: ReferralStatsResponse }) {
  const { t } = useTranslation(NS);
  const [period, setPeriod] = useState<ReferralPeriod>('week');
  const figures = stats.periods.find((p) => p.period === period) ?? stats.periods[0];
  if (!figures) return null;
  const none = t('ref.no-value');
  return (
    <Section title={t('ref.chart')}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        aria-label={t('ref.period')}
        onChange={(_event, value: ReferralPeriod | null) => value && setPeriod(value)}
        sx={{ mb: 2 }}
      >
        {referralPeriodSchema.options.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(`ref.period.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Figure label={t('ref.period-income')} value={usdt(figures.income)} />
        {referralSourceSchema.options.map((source) => (
          <Figure
            key={source}
            label={t(`ref.source.${source}`)}
            value={usdt(figures.incomeBySource[source])}
          />
        ))}
      </Stack>
      <Box role="figure" aria-label={t('ref.chart')} sx={{ minHeight: 280 }}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', height: 280 }}>
              <CircularProgress aria-label={t('ref.chart-loading')} />
            </Box>
          }
        >
          <IncomeChart period={figures} />
        </Suspense>
      </Box>
      <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', mt: 2 }}>
        <Figure label={t('ref.clicks')} value={figures.clicks} />
        <Figure label={t('ref.registrations')} value={figures.registrations} />
        <Figure
          label={t('ref.registration-conversion')}
          value={percent(figures.registrationConversion) ?? none}
        />
        <Figure label={t('ref.buyers')} value={figures.buyers} />
        <Figure
          label={t('ref.buyer-conversion')}
          value={percent(figures.buyerConversion) ?? none}
        />
      </Stack>
    </Section>
  );
}

function TransactionLink({ reward }: { reward: ReferralReward }) {
  const { t } = useTranslation(NS);
  const tx = reward.transaction;
  if (!tx) return null;
  if (tx.explorerUrl) {
    return (
      <Link href={tx.explorerUrl} target="_blank" rel="noopener noreferrer">
        {t('ref.reward.view')} <OpenInNewIcon fontSize="inherit" />
      </Link>
    );
  }
  // The local chain has no explorer: the wallet's history lists the payout.
  return (
    <Link component={RouterLink} to={`${paths.account.market.getHref()}#wallet-history`}>
      {tx.hash ? maskShort(tx.hash) : t('ref.reward.in-wallet')}
    </Link>
  );
}

function RecentRewards() {
  const { t, i18n } = useTranslation(NS);
  const rewards = useRecentRewards();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  let body: ReactNode;
  if (rewards.isPending) body = <CircularProgress size={24} aria-label={t('ref.loading')} />;
  else if (rewards.isError) body = <Alert severity="error">{t('ref.rewards-error')}</Alert>;
  else if (rewards.data.items.length === 0)
    body = <Typography color="text.secondary">{t('ref.rewards-empty')}</Typography>;
  else
    body = (
      <TableContainer>
        <Table size="small" aria-label={t('ref.rewards')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ref.reward.date')}</TableCell>
              <TableCell>{t('ref.reward.from')}</TableCell>
              <TableCell>{t('ref.reward.source')}</TableCell>
              <TableCell>{t('ref.reward.level')}</TableCell>
              <TableCell align="right">{t('ref.reward.amount')}</TableCell>
              <TableCell>{t('ref.reward.status')}</TableCell>
              <TableCell>{t('ref.reward.transaction')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rewards.data.items.map((reward) => (
              <TableRow key={reward.id}>
                <TableCell>{date.format(new Date(reward.createdAt))}</TableCell>
                <TableCell>
                  {reward.sourceNickname ?? t('ref.uid', { id: reward.sourceUserId })}
                </TableCell>
                <TableCell>{t(`ref.source.${reward.source}`)}</TableCell>
                <TableCell>{reward.depth}</TableCell>
                <TableCell align="right">{usdt(reward.amount)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={t(`ref.reward.status.${reward.status}`)}
                    color={reward.status === 'paid' ? 'success' : 'default'}
                  />
                </TableCell>
                <TableCell>
                  <TransactionLink reward={reward} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return <Section title={t('ref.rewards')}>{body}</Section>;
}

/** Tab Main: the link, code and QR; totals; the income chart of a period; recent rewards. */
export function ReferralMain() {
  const { t } = useTranslation(NS);
  const stats = useReferralStats();
  if (stats.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('ref.loading')} />
      </Box>
    );
  }
  if (stats.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void stats.refetch()}>
            {t('ref.retry')}
          </Button>
        }
      >
        {t('ref.error')}
      </Alert>
    );
  }
  const data = stats.data;
  const isNew = data.totalAttracted === 0 && data.totalIncome === '0';
  return (
    <Stack spacing={3}>
      {isNew && (
        <Alert severity="info">
          <AlertTitle>{t('ref.empty-title')}</AlertTitle>
          {t('ref.empty-text')}
        </Alert>
      )}
      <LinkSection stats={data} />
      <Totals stats={data} />
      <PeriodSection stats={data} />
      <RecentRewards />
    </Stack>
  );
}
