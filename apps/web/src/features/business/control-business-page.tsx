import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BusinessModerateRequest, BusinessModerationDetail } from '@meeet/core/api/business';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { BusinessStatus } from '@meeet/core/enums';
import { mayDecide } from '@meeet/core/rules/business-status';
import { paths } from '../../app/paths.ts';
import { failureMessage } from '../../components/form/server-errors.ts';
import { useTranslation } from '../../i18n/react.ts';
import { buildUrl } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useBusiness, useDecideBusiness } from './api/control-businesses.ts';
import { NS } from './i18n.ts';

type Decision = BusinessModerateRequest['status'];

/** The buttons a moderator sees for a business in `from`, by the shared transition rule. */
function decisionsFor(from: BusinessStatus): { to: Decision; label: string }[] {
  const all: { to: Decision; label: string }[] = [
    {
      to: BusinessStatus.APPROVED,
      label: from === 'suspended' ? 'control.reinstate' : 'control.approve',
    },
    { to: BusinessStatus.NEEDS_INFO, label: 'control.needs-info' },
    { to: BusinessStatus.REFUSED, label: 'control.refuse' },
    { to: BusinessStatus.SUSPENDED, label: 'control.suspend' },
  ];
  return all.filter(({ to }) => mayDecide(from, to));
}

function Details({ business }: { business: BusinessModerationDetail }) {
  const { t } = useTranslation([NS, 'core']);
  const rows: [string, string | null][] = [
    [t('form.legal-name'), business.legalName],
    [t('form.registration-number'), business.registrationNumber],
    [t('form.country'), business.country],
    [t('form.address'), business.address],
    [t('form.website'), business.website],
    [t('form.contact'), business.contact],
    [t('form.category'), t(`category.${business.category}`)],
    [t('control.column.owner'), `${business.ownerEmail} (#${business.ownerId})`],
    [
      `${t('form.venue-lat')} / ${t('form.venue-lon')}`,
      business.venue ? `${business.venue.lat}, ${business.venue.lon}` : null,
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The moderator's reason and the decisions the business's status allows, with the outcome. */
function DecisionPanel({ id, status }: { id: number; status: BusinessStatus }) {
  const { t } = useTranslation([NS, 'core']);
  const decide = useDecideBusiness();
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onDecide = async (to: Decision) => {
    setOutcome(null);
    const result = await decide.mutateAsync({
      id,
      body: { status: to, reason: reason.trim() || null },
    });
    if (result.ok) {
      setReason('');
      setOutcome({ ok: true, text: t('control.done') });
    } else setOutcome({ ok: false, text: failureMessage(result, t('control.error')) });
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('control.decide')}
      </Typography>
      <TextField
        label={t('control.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'business-reason', maxLength: 1000 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
        {decisionsFor(status).map(({ to, label }) => (
          <Button
            key={to}
            variant={to === BusinessStatus.APPROVED ? 'contained' : 'outlined'}
            color={to === BusinessStatus.APPROVED ? 'primary' : 'inherit'}
            disabled={decide.isPending}
            onClick={() => void onDecide(to)}
            data-testid={`business-decide-${to}`}
          >
            {t(label)}
          </Button>
        ))}
      </Stack>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
          {outcome.text}
        </Alert>
      )}
    </Paper>
  );
}

/** The business's past decisions, each with its time and reason. */
function BusinessHistory({ history }: { history: BusinessModerationDetail['history'] }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('control.history')}
      </Typography>
      {history.map((decision) => (
        <Typography key={decision.createdAt + decision.toStatus} color="text.secondary">
          {fmt.dateTime(decision.createdAt)} · {t(`status.${decision.toStatus}`)}
          {decision.reason ? ` — ${decision.reason}` : ''}
        </Typography>
      ))}
    </Paper>
  );
}

/** The business's spots, with their hours and the meetings each hosted. */
function BusinessSpots({ spots }: { spots: BusinessModerationDetail['spots'] }) {
  const { t } = useTranslation(NS);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('control.spots')}
      </Typography>
      {spots.length === 0 && <Typography color="text.secondary">{t('spots.empty')}</Typography>}
      {spots.map((spot) => (
        <Typography key={spot.id}>
          {spot.name} · {spot.openingHours} · {t('spots.hosted', { count: spot.meetingsHosted })}
        </Typography>
      ))}
    </Paper>
  );
}

/**
 * One business in the control area: details, logo, decisions, spots; decide with a reason.
 * `campaigns` renders the business's campaigns (another feature's section, given by the app).
 */
export default function ControlBusinessPage({
  campaigns,
}: {
  campaigns?: (businessId: number) => ReactNode;
}) {
  const { t } = useTranslation([NS, 'core']);
  const id = Number(useParams().id);
  const query = useBusiness(id);

  if (query.isPending) return <CircularProgress aria-label={t('control.title')} />;
  if (query.isError) return <Alert severity="error">{t('control.load-error')}</Alert>;
  const business = query.data;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="control-business-detail">
      <Button component={RouterLink} to={paths.control.businessQueue.getHref()} size="small">
        {t('control.back')}
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
        {business.logoMediaId && (
          <Box
            component="img"
            src={buildUrl(mediaPaths.image(business.logoMediaId))}
            alt={t('form.logo-alt')}
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
          />
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {business.legalName}
        </Typography>
        <Chip label={t(`status.${business.status}`)} data-testid="control-business-status" />
      </Stack>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('control.details')}
          </Typography>
          <Details business={business} />
        </Paper>
        <DecisionPanel id={id} status={business.status} />
        <BusinessHistory history={business.history} />
        <BusinessSpots spots={business.spots} />
        {campaigns?.(id)}
      </Stack>
    </Container>
  );
}
