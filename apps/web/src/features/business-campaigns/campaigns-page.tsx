import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@meeet/core/api/campaigns';
import type { CampaignAction } from '@meeet/core/api/campaigns-paths';
import { paths } from '../../app/paths.ts';
import { failureMessage } from '../../components/form/server-errors.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ReviewTimeNote } from '../../components/review-rules/review-time-note.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useCampaignAction } from './api/campaign-action.ts';
import { useCampaigns } from './api/list-campaigns.ts';
import { CampaignForm } from './components/campaign-form.tsx';
import { NS } from './i18n.ts';

/** The steps an owner may take from each status (the server checks them again). */
const ACTIONS: Record<Campaign['status'], CampaignAction[]> = {
  draft: ['submit', 'end'],
  pending: ['end'],
  refused: ['submit', 'end'],
  running: ['pause', 'end'],
  paused: ['resume', 'end'],
  ended: [],
};

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation([NS, 'core']);
  const act = useCampaignAction();
  const [failure, setFailure] = useState<string | null>(null);
  const reason =
    campaign.status === 'refused'
      ? t('reason.refused', { reason: campaign.statusReason ?? '—' })
      : campaign.status === 'paused' && campaign.statusReason
        ? t(`reason.${campaign.statusReason === 'owner' ? 'owner' : 'no-balance'}`)
        : null;
  const run = async (action: CampaignAction) => {
    setFailure(null);
    const result = await act.mutateAsync({ id: campaign.id, action });
    if (!result.ok) setFailure(t('action.failed', { message: failureMessage(result, '') }));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`campaign-${campaign.id}`}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {campaign.title}
          </Typography>
          <Chip
            size="small"
            label={t(`status.${campaign.status}`)}
            data-testid="campaign-status"
            color={campaign.status === 'running' ? 'success' : 'default'}
          />
        </Stack>
        <Typography variant="body2">{campaign.text}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('cap', { cap: campaign.dailyCap })}
        </Typography>
        {reason && <Alert severity="info">{reason}</Alert>}
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction="row" spacing={1} flexWrap="wrap">
          {ACTIONS[campaign.status].map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'end' ? 'text' : 'outlined'}
              onClick={() => void run(action)}
              data-testid={`campaign-${action}`}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
          <Button
            size="small"
            component={RouterLink}
            to={paths.account.businessCampaign.getHref(campaign.id)}
            data-testid="campaign-stats-link"
          >
            {t('action.stats')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The business cabinet's campaigns: create a draft, follow each through review and running. */
export default function CampaignsPage() {
  const { t } = useTranslation(NS);
  const campaigns = useCampaigns();
  if (campaigns.isPending) return <PageSpinner />;
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      {campaigns.isError ? (
        <Alert severity="info">
          {campaigns.error.message === 'FORBIDDEN' ? t('not-business') : t('load-error')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('intro')}</Typography>
          <ReviewTimeNote />
          <CampaignForm />
          {campaigns.data.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            campaigns.data.map((campaign) => <CampaignCard key={campaign.id} campaign={campaign} />)
          )}
        </>
      )}
    </Stack>
  );
}
