import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BusinessStatus } from '@meeet/core/enums';
import { mayApply } from '@meeet/core/rules/business-status';
import { paths } from '../../app/paths.ts';
import { ReviewTimeNote } from '../../components/review-rules/review-time-note.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useMyBusiness } from './api/my-business.ts';
import { BusinessForm } from './components/business-form.tsx';
import { SpotsSection } from './components/spots-section.tsx';
import { NS } from './i18n.ts';

const STATUS_COLOR = {
  [BusinessStatus.PENDING]: 'info',
  [BusinessStatus.NEEDS_INFO]: 'warning',
  [BusinessStatus.APPROVED]: 'success',
  [BusinessStatus.REFUSED]: 'error',
  [BusinessStatus.SUSPENDED]: 'error',
} as const;

/**
 * "My business" (issue 44): apply with the company details, see the review's outcome and the
 * referral level it gives, and — once an approved venue — publish meeting spots.
 */
export default function BusinessPage() {
  const { t } = useTranslation([NS, 'core']);
  const me = useCurrentUser();
  const mine = useMyBusiness();

  if (mine.isPending || me.isPending) return <CircularProgress aria-label={t('title')} />;
  if (mine.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  const business = mine.data;
  const level = me.data?.referralLevel ?? 'human';

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Stack spacing={3} data-testid="business-page">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
        {(mayApply(business?.status ?? null) || business?.status === BusinessStatus.PENDING) && (
          <ReviewTimeNote />
        )}
        {business && (
          <Paper variant="outlined" sx={{ p: 3 }} data-testid="business-status">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{business.legalName}</Typography>
              <Chip
                label={t(`status.${business.status}`)}
                color={STATUS_COLOR[business.status]}
                data-testid="business-status-chip"
              />
              <Typography color="text.secondary">
                {t('referral-level')}:{' '}
                <strong data-testid="business-referral-level">{t(`level.${level}`)}</strong>
              </Typography>
            </Stack>
            {business.reason && business.status !== BusinessStatus.APPROVED && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {t('reason', { reason: business.reason })}
              </Alert>
            )}
          </Paper>
        )}
        {!business && me.data?.emailVerified === false && (
          <Alert severity="info">{t('verify-email')}</Alert>
        )}
        {mayApply(business?.status ?? null) && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <BusinessForm business={business} />
          </Paper>
        )}
        {business?.status === BusinessStatus.APPROVED && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Typography component="h2" variant="h6">
                {t('campaigns.title')}
              </Typography>
              <Typography color="text.secondary">{t('campaigns.intro')}</Typography>
              <Button
                component={RouterLink}
                to={paths.account.businessCampaigns.getHref()}
                variant="contained"
              >
                {t('campaigns.open')}
              </Button>
            </Stack>
          </Paper>
        )}
        {business?.status === BusinessStatus.APPROVED && business.venue && (
          <SpotsSection venue={business.venue} category={business.category} />
        )}
      </Stack>
    </Container>
  );
}
