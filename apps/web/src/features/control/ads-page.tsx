import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import type { AdCampaign } from '@meeet/core/api/ads';
import { nftTypeName } from '@meeet/core/enums';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useAdCampaigns, useAdStats } from './api/ad-campaigns.ts';
import { NS } from './i18n.ts';
import { ControlPage } from './components/control-page.tsx';
import { CampaignForm } from './components/ad-campaign-form.tsx';

function CampaignStats({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const stats = useAdStats(id);
  if (stats.isPending) return <PageSpinner />;
  if (!stats.data || stats.data.days.length === 0) {
    return <Typography color="text.secondary">{t('ads.no-stats')}</Typography>;
  }
  return (
    <Table size="small" data-testid="ads-stats">
      <TableHead>
        <TableRow>
          <TableCell>{t('ads.day')}</TableCell>
          <TableCell align="right">{t('ads.served')}</TableCell>
          <TableCell align="right">{t('ads.impressions')}</TableCell>
          <TableCell align="right">{t('ads.clicks')}</TableCell>
          <TableCell align="right">CTR</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {stats.data.days.map((day) => (
          <TableRow key={day.day}>
            <TableCell>{day.day}</TableCell>
            <TableCell align="right">{day.served}</TableCell>
            <TableCell align="right">{day.impressions}</TableCell>
            <TableCell align="right">{day.clicks}</TableCell>
            <TableCell align="right">
              {day.ctr === null ? '—' : `${(day.ctr * 100).toFixed(1)}%`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Who a campaign targets, in words; null when it has no audience. */
function useAudienceText(campaign: AdCampaign): string | null {
  const { t } = useTranslation(NS);
  const parts = [
    campaign.countries.join(', '),
    campaign.genders.map((g) => t(`ads.gender.${g}`)).join(', '),
    campaign.ageMin !== null || campaign.ageMax !== null
      ? `${campaign.ageMin ?? 18}–${campaign.ageMax ?? '…'}`
      : '',
    campaign.moods.map((mood) => t(`ads.mood.${mood}`)).join(', '),
    campaign.levels.map((level) => nftTypeName(level)).join(', '),
  ].filter(Boolean);
  return parts.length === 0 ? null : parts.join(' · ');
}

function CampaignRow({ campaign }: { campaign: AdCampaign }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const audience = useAudienceText(campaign);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ads-campaign">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ flex: 1, fontWeight: 600 }}>
          #{campaign.id} {campaign.title}
        </Typography>
        <Chip size="small" label={campaign.placements.join(', ')} />
        <Chip
          size="small"
          color={campaign.active ? 'success' : 'default'}
          label={campaign.active ? t('ads.active') : t('ads.paused')}
        />
        <Button size="small" onClick={() => setOpen(!open)}>
          {t('ads.stats')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('ads.audience', { audience: audience ?? t('ads.audience-any') })}
      </Typography>
      {open && <CampaignStats id={campaign.id} />}
    </Paper>
  );
}

/** Control area: house ad campaigns of the free tier and their statistics per day. */
export default function AdsPage() {
  const { t } = useTranslation(NS);
  const campaigns = useAdCampaigns();
  return (
    <ControlPage title={t('ads.title')} testId="control-ads">
      <Stack spacing={3}>
        <CampaignForm />
        {campaigns.isPending ? (
          <PageSpinner />
        ) : campaigns.isError ? (
          <Alert severity="error">{t('ads.load-error')}</Alert>
        ) : (
          <Stack spacing={1}>
            {campaigns.data.map((campaign) => (
              <CampaignRow key={campaign.id} campaign={campaign} />
            ))}
          </Stack>
        )}
      </Stack>
    </ControlPage>
  );
}
