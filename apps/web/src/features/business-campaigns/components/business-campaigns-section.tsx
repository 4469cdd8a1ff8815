import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@meeet/core/api/campaigns';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import { failureMessage } from '../../../components/form/server-errors.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useBusinessCampaigns, useSuspendCampaign } from '../api/business-campaigns.ts';
import { NS } from '../i18n.ts';

/** A moderator's reason for stopping a campaign; the server mails it to the business. */
function SuspendDialog({
  campaign,
  businessId,
  onClose,
}: {
  campaign: Campaign;
  businessId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const suspend = useSuspendCampaign(businessId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSuspend = async () => {
    setError(null);
    const result = await suspend.mutateAsync({ id: campaign.id, body: { reason } });
    if (result.ok) onClose();
    else setError(failureMessage(result, t('control.suspend.error')));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('control.suspend.title', { title: campaign.title })}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('control.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-suspend-reason', maxLength: 500 } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('control.suspend.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={suspend.isPending || reason.trim() === ''}
          onClick={() => void onSuspend()}
          data-testid="campaign-suspend-confirm"
        >
          {t('control.suspend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The control area's list of one business's campaigns: status, spend, and suspension. */
export function BusinessCampaignsSection({ businessId }: { businessId: number }) {
  const { t } = useTranslation([NS, 'core']);
  const query = useBusinessCampaigns(businessId);
  const [suspending, setSuspending] = useState<Campaign | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="control-business-campaigns">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('title')}
      </Typography>
      {query.isError && <Alert severity="error">{t('load-error')}</Alert>}
      {query.data?.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      {query.data && query.data.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('field.title')}</TableCell>
              <TableCell>{t('control.column.status')}</TableCell>
              <TableCell align="right">{t('control.column.spend')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data.map((campaign) => (
              <TableRow key={campaign.id} data-testid={`control-campaign-${campaign.id}`}>
                <TableCell>{campaign.title}</TableCell>
                <TableCell>
                  {t(`status.${campaign.status}`)}
                  {campaign.status === 'refused' && campaign.statusReason
                    ? ` — ${campaign.statusReason}`
                    : ''}
                </TableCell>
                <TableCell align="right">{unitsToDecimal(BigInt(campaign.totalCharged))}</TableCell>
                <TableCell align="right">
                  {(campaign.status === 'running' || campaign.status === 'paused') && (
                    <Button size="small" color="error" onClick={() => setSuspending(campaign)}>
                      {t('control.suspend')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {suspending && (
        <SuspendDialog
          campaign={suspending}
          businessId={businessId}
          onClose={() => setSuspending(null)}
        />
      )}
    </Paper>
  );
}
