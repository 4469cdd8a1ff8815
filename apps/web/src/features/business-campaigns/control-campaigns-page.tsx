import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CampaignQueue } from '@meeet/core/api/campaigns';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import { failureMessage } from '../../components/form/server-errors.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { QueuePage } from '../../components/queue/queue-page.tsx';
import { OverdueChip } from '../../components/review-rules/overdue-chip.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useAdminSetting, useSaveAdminSetting } from '../../lib/admin-setting.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { isAdmin } from '../../lib/roles.ts';
import { campaignPriceSetting } from './api/control-settings.ts';
import { useReviewCampaign, useReviewQueue } from './api/review-campaign.ts';
import { ReviewRulesCard } from './components/review-rules-card.tsx';
import { NS } from './i18n.ts';

type Queued = CampaignQueue['list'][number];

function ReviewCard({ campaign }: { campaign: Queued }) {
  const { t } = useTranslation([NS, 'core']);
  const review = useReviewCampaign();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const decide = async (decision: 'approve' | 'refuse') => {
    const result = await review.mutateAsync({
      id: campaign.id,
      body: { decision, reason: reason.trim() || null },
    });
    if (!result.ok) setFailure(failureMessage(result, t('error')));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`review-${campaign.id}`}>
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {campaign.title} <OverdueChip since={campaign.waitingSince} />
        </Typography>
        {campaign.blockedWord && (
          <Alert severity="warning">
            {t('control.blocked-word', { word: campaign.blockedWord })}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('control.business')}: {campaign.businessName}
        </Typography>
        <Typography variant="body2">{campaign.text}</Typography>
        <Typography variant="body2">{campaign.link}</Typography>
        <TextField
          size="small"
          label={t('control.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            onClick={() => void decide('approve')}
            data-testid="review-approve"
          >
            {t('control.approve')}
          </Button>
          <Button color="error" onClick={() => void decide('refuse')} data-testid="review-refuse">
            {t('control.refuse')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function PriceForm({ editable }: { editable: boolean }) {
  const { t } = useTranslation([NS, 'core']);
  const price = useAdminSetting(campaignPriceSetting);
  const save = useSaveAdminSetting(campaignPriceSetting);
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const current = price.data?.updatedAt
    ? t('control.price.current', { price: unitsToDecimal(BigInt(price.data.pricePerThousand)) })
    : t('control.price.none');
  const submit = async () => {
    const result = await save.mutateAsync({ pricePerThousand: value });
    setOutcome(
      result.ok
        ? { ok: true, text: t('control.price.saved') }
        : { ok: false, text: failureMessage(result, t('error')) },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {t('control.price.title')}
        </Typography>
        <Typography data-testid="campaign-price">{price.isPending ? '…' : current}</Typography>
        {editable && (
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField
              size="small"
              label={t('control.price.field')}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'price-input' } }}
            />
            <Button variant="outlined" onClick={() => void submit()} data-testid="price-save">
              {t('control.price.save')}
            </Button>
          </Stack>
        )}
        {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      </Stack>
    </Paper>
  );
}

/** Control area: the campaign review queue (moderators) and the price (admins set it). */
export default function ControlCampaignsPage() {
  const { t } = useTranslation(NS);
  const me = useCurrentUser();
  const queue = useReviewQueue();
  return (
    <QueuePage
      title={t('control.title')}
      maxWidth="md"
      lead={
        <Stack spacing={2}>
          <PriceForm editable={isAdmin(me.data?.role)} />
          <ReviewRulesCard editable={isAdmin(me.data?.role)} />
        </Stack>
      }
      loadError={queue.isError ? t('load-error') : null}
    >
      {queue.isPending ? (
        <PageSpinner />
      ) : queue.isSuccess && queue.data.length === 0 ? (
        <Typography color="text.secondary">{t('control.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          {queue.data?.map((campaign) => (
            <ReviewCard key={campaign.id} campaign={campaign} />
          ))}
        </Stack>
      )}
    </QueuePage>
  );
}
