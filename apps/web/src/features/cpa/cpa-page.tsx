import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import type { CpaPostback, CpaTotals } from '@meeet/core/api/cpa';
import { formatTokenAmount } from '@meeet/core/format/number';
import { paths } from '../../app/paths.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useCpaPostbacks, useResendCpaPostback } from './api/cpa-postbacks.ts';
import { useCpaStats } from './api/get-cpa-stats.ts';
import { useCpaConversions } from './api/list-cpa-conversions.ts';
import { NS } from './i18n.ts';

const DailyChart = lazy(() => import('./components/daily-chart.tsx'));

const PERIODS = { week: 7, twoWeeks: 14, month: 30 } as const;
type Period = keyof typeof PERIODS;
const DAY_MS = 86_400_000;
const PAGE = 10;

function periodQuery(period: Period) {
  const to = new Date();
  const from = new Date(to.getTime() - (PERIODS[period] - 1) * DAY_MS);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

const usdt = (units: string) => `${formatTokenAmount(units)} USDT`;

function Totals({ totals, unpaid }: { totals: CpaTotals; unpaid: string }) {
  const { t } = useTranslation(NS);
  const items: [string, string][] = [
    ['totals.hits', String(totals.hits)],
    ['totals.regs', String(totals.regs)],
    ['totals.value', usdt(totals.value)],
    ['totals.profit', usdt(totals.profit)],
    ['totals.paid', usdt(totals.paid)],
    ['totals.unpaid', usdt(unpaid)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {items.map(([key, value]) => (
        <Card key={key} variant="outlined">
          <CardContent>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`cpa-${key}`}>
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Conversions() {
  const { t, i18n } = useTranslation(NS);
  const [page, setPage] = useState(0);
  const conversions = useCpaConversions({ offset: page * PAGE, limit: PAGE });
  if (conversions.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (conversions.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  if (conversions.data.total === 0) return <Typography>{t('conversions.empty')}</Typography>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('conversions.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('conversions.time')}</TableCell>
              <TableCell>{t('table.link')}</TableCell>
              <TableCell>{t('conversions.action')}</TableCell>
              <TableCell>{t('conversions.click')}</TableCell>
              <TableCell align="right">{t('conversions.payout')}</TableCell>
              <TableCell>{t('conversions.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {conversions.data.items.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{new Date(c.createdAt).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{c.linkName}</TableCell>
                <TableCell>{t(`action.${c.action}`)}</TableCell>
                <TableCell>{c.clickId ?? '—'}</TableCell>
                <TableCell align="right">{usdt(c.payout)}</TableCell>
                <TableCell>
                  {c.flagged
                    ? t('conversions.flagged')
                    : c.paid
                      ? t('conversions.paid')
                      : t('conversions.earned')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={conversions.data.total}
        page={page}
        rowsPerPage={PAGE}
        rowsPerPageOptions={[PAGE]}
        onPageChange={(_, next) => setPage(next)}
      />
    </>
  );
}

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function PostbackCard({ postback }: { postback: CpaPostback }) {
  const { t, i18n } = useTranslation(NS);
  const resend = useResendCpaPostback();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={t('postbacks.card', { id: postback.id })}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Chip
            size="small"
            color={STATUS_COLOR[postback.status]}
            label={t(`postbacks.status.${postback.status}`)}
          />
          <Typography variant="subtitle2">{t(`action.${postback.action}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {new Date(postback.createdAt).toLocaleString(i18n.language)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
          {postback.url}
        </Typography>
        <Box component="ol" sx={{ pl: 2.5, my: 1 }}>
          {postback.attempts.map((a) => (
            <Typography component="li" variant="body2" key={a.attempt}>
              {t('postbacks.attempt', { attempt: a.attempt })} ·{' '}
              {new Date(a.at).toLocaleString(i18n.language)} ·{' '}
              {a.statusCode ?? t('postbacks.no-response')} ·{' '}
              {t('postbacks.duration', { ms: a.durationMs })}
              {a.error ? ` · ${a.error}` : ''}
            </Typography>
          ))}
        </Box>
        {postback.nextAttemptAt && (
          <Typography variant="body2" color="text.secondary">
            {t('postbacks.next', {
              time: new Date(postback.nextAttemptAt).toLocaleString(i18n.language),
            })}
          </Typography>
        )}
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={resend.isPending}
          onClick={() => resend.mutate(postback.id)}
        >
          {t('postbacks.resend')}
        </Button>
      </CardContent>
    </Card>
  );
}

function Postbacks() {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(0);
  const postbacks = useCpaPostbacks({ offset: page * PAGE, limit: PAGE });
  if (postbacks.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (postbacks.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  if (postbacks.data.total === 0) return <Typography>{t('postbacks.empty')}</Typography>;
  return (
    <Stack spacing={1.5}>
      {postbacks.data.items.map((postback) => (
        <PostbackCard key={postback.id} postback={postback} />
      ))}
      <TablePagination
        component="div"
        count={postbacks.data.total}
        page={page}
        rowsPerPage={PAGE}
        rowsPerPageOptions={[PAGE]}
        onPageChange={(_, next) => setPage(next)}
      />
    </Stack>
  );
}

function Cabinet() {
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
          <Totals totals={stats.data.totals} unpaid={stats.data.unpaid} />
          <section aria-labelledby="cpa-chart-title">
            <Typography variant="h6" component="h2" id="cpa-chart-title">
              {t('chart.title')}
            </Typography>
            <Suspense fallback={<CircularProgress aria-label={t('chart.loading')} />}>
              <DailyChart
                days={stats.data.days}
                labels={{ hits: t('totals.hits'), regs: t('totals.regs'), title: t('chart.label') }}
              />
            </Suspense>
          </section>
          <section aria-labelledby="cpa-links-title">
            <Typography variant="h6" component="h2" id="cpa-links-title" sx={{ mb: 1 }}>
              {t('table.links')}
            </Typography>
            {stats.data.links.length === 0 ? (
              <Typography>{t('table.no-links')}</Typography>
            ) : (
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label={t('table.links')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('table.link')}</TableCell>
                      <TableCell align="right">{t('totals.hits')}</TableCell>
                      <TableCell align="right">{t('totals.regs')}</TableCell>
                      <TableCell align="right">{t('totals.value')}</TableCell>
                      <TableCell align="right">{t('totals.profit')}</TableCell>
                      <TableCell align="right">{t('totals.paid')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {stats.data.links.map((link) => (
                      <TableRow key={link.linkId}>
                        <TableCell component="th" scope="row">
                          {link.name}
                        </TableCell>
                        <TableCell align="right">{link.hits}</TableCell>
                        <TableCell align="right">{link.regs}</TableCell>
                        <TableCell align="right">{usdt(link.value)}</TableCell>
                        <TableCell align="right">{usdt(link.profit)}</TableCell>
                        <TableCell align="right">{usdt(link.paid)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </section>
        </>
      )}
      <section aria-labelledby="cpa-conversions-title">
        <Typography variant="h6" component="h2" id="cpa-conversions-title" sx={{ mb: 1 }}>
          {t('conversions.title')}
        </Typography>
        <Conversions />
      </section>
      <section aria-labelledby="cpa-postbacks-title">
        <Typography variant="h6" component="h2" id="cpa-postbacks-title" sx={{ mb: 1 }}>
          {t('postbacks.title')}
        </Typography>
        <Postbacks />
      </section>
    </Stack>
  );
}

/** Spec §2 /cpa: the advertising platform — its sign-in, or the cabinet once signed in. */
export default function CpaPage() {
  const { t } = useTranslation(NS);
  const token = useAuthStore((state) => state.token);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="cpa-page">
      {token ? (
        <Cabinet />
      ) : (
        <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto' }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h4" component="h1">
                {t('cabinet.title')}
              </Typography>
              <Typography color="text.secondary">{t('cabinet.signed-out')}</Typography>
              <Button
                component={RouterLink}
                to={paths.auth.login.getHref({ platform: 'cpa' })}
                variant="contained"
              >
                {t('cabinet.sign-in')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Container>
  );
}
