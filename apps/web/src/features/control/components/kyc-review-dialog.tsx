import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { kycModerateRequestSchema, type KycModerationItem } from '@meeet/core/api/kyc';
import { KycStatus, type NftType } from '@meeet/core/enums';
import { KycActor, nextKycStatuses } from '@meeet/core/rules/kyc-status';
import { useModerateKyc } from '../api/moderate-kyc.ts';
import { NS } from '../i18n.ts';
import { KycDecisionFields, KycHistoryList, KycPersonDetails } from './kyc-review-parts.tsx';

/** The moderator's draft decision on one user, its validation and its sending. */
function useKycDecision(item: KycModerationItem) {
  const { t } = useTranslation([NS, 'core']);
  const moderate = useModerateKyc();
  const actions = nextKycStatuses(item.status, KycActor.MODERATOR);
  const [status, setStatus] = useState<KycStatus | null>(
    item.requestedNftType !== null && actions.includes(KycStatus.APPROVED)
      ? KycStatus.APPROVED
      : (actions[0] ?? null),
  );
  const [maxNftType, setMaxNftType] = useState<NftType | null>(
    // A higher-level request is answered by approving that level, so it is offered first.
    item.requestedNftType ?? item.maxNftType,
  );
  const [comment, setComment] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const confirm = async () => {
    if (!status) return;
    setError(null);
    // The very schema the server validates with.
    const parsed = kycModerateRequestSchema.safeParse({
      status,
      moderatorComment: comment.trim() || null,
      maxNftType: status === KycStatus.APPROVED ? maxNftType : null,
    });
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            t(issue.message, { ns: 'core' }),
          ]),
        ),
      );
      return;
    }
    setFieldErrors({});
    const result = await moderate.mutateAsync({ userId: item.id, body: parsed.data });
    if (result.ok) {
      setSaved(true);
    } else {
      setFieldErrors(result.fields ?? {});
      setError(result.error !== 'ERROR' ? result.error : t('kyc.error'));
    }
  };

  return {
    actions,
    fields: {
      actions,
      status,
      onStatus: setStatus,
      maxNftType,
      onMaxNftType: setMaxNftType,
      comment,
      onComment: setComment,
      fieldErrors,
    },
    error,
    saved,
    pending: moderate.isPending,
    confirm,
  };
}

/** The document and selfie, the user's data and history, and the moderator's decision. */
export function KycReviewDialog({
  item,
  onClose,
}: {
  item: KycModerationItem;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const decision = useKycDecision(item);
  const { actions, saved } = decision;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="kyc-review-dialog">
      <DialogTitle>
        {t('kyc.dialog.title', { id: item.id })} —{' '}
        {[item.lastName, item.firstName, item.surName].filter(Boolean).join(' ')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <KycPersonDetails item={item} />
          <KycHistoryList history={item.history} />

          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('kyc.dialog.decision')}
            </Typography>
            {saved ? (
              <Alert severity="success" data-testid="kyc-decision-saved">
                {t('kyc.saved')}
              </Alert>
            ) : actions.length === 0 ? (
              <Typography color="text.secondary">{t('kyc.dialog.no-decision')}</Typography>
            ) : (
              <KycDecisionFields {...decision.fields} />
            )}
          </Box>
        </Stack>
      </DialogContent>
      {/* Beside the buttons, outside the scrolled photos: a refusal is seen where it was asked. */}
      {decision.error && (
        <Alert severity="error" role="alert" sx={{ mx: 3, mt: 2 }}>
          {decision.error}
        </Alert>
      )}
      <DialogActions>
        <Button onClick={onClose} data-testid="kyc-review-close">
          {t('kyc.close')}
        </Button>
        {!saved && actions.length > 0 && (
          <Button
            variant="contained"
            onClick={() => void decision.confirm()}
            disabled={!decision.fields.status || decision.pending}
            data-testid="kyc-decide"
          >
            {t('kyc.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
