import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { kycModerateRequestSchema, type KycModerationItem } from '@meeet/core/api/kyc';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { KycStatus, NFT_TYPES, nftTypeName, type NftType } from '@meeet/core/enums';
import { KycActor, nextKycStatuses } from '@meeet/core/rules/kyc-status';
import { ProtectedImage } from '../../../components/media/protected-image.tsx';
import { useModerateKyc } from '../api/moderate-kyc.ts';
import { NS } from '../i18n.ts';
import { formatDate } from '@meeet/core/format/date';
import { useFormat } from '../../../lib/format.ts';

function Photo({ id, label, testId }: { id: string | null; label: string; testId: string }) {
  const { t } = useTranslation(NS);
  const [large, setLarge] = useState(false);
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2">{label}</Typography>
      {id ? (
        <>
          <ProtectedImage
            path={mediaPaths.kyc(id, large ? 'large' : 'medium')}
            alt={label}
            testId={testId}
            sx={{ width: '100%', height: large ? 520 : 260, borderRadius: 8 }}
          />
          {!large && (
            <Link component="button" type="button" onClick={() => setLarge(true)}>
              {t('kyc.dialog.open-large')}
            </Link>
          )}
        </>
      ) : (
        <Typography color="text.secondary">{t('kyc.dialog.no-photo')}</Typography>
      )}
    </Stack>
  );
}

/** The document and selfie, the user's data and history, and the moderator's decision. */
export function KycReviewDialog({
  item,
  onClose,
}: {
  item: KycModerationItem;
  onClose: () => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
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
  // Birth dates are midnight UTC (spec §3): shown as that calendar day everywhere.
  const date = (iso: string | null, withTime = true) =>
    withTime ? fmt.dateTime(iso) : formatDate(iso, fmt.locale, 'UTC');

  const onConfirm = async () => {
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

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="kyc-review-dialog">
      <DialogTitle>
        {t('kyc.dialog.title', { id: item.id })} —{' '}
        {[item.lastName, item.firstName, item.surName].filter(Boolean).join(' ')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Stack spacing={0.5}>
            <Typography>
              {t('kyc.dialog.email')}: {item.email}
            </Typography>
            <Typography>
              {t('kyc.dialog.birth-date')}: {date(item.bdate, false)}
            </Typography>
            <Typography>
              {t('kyc.dialog.country')}: {item.country ?? '—'}
            </Typography>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Photo
              id={item.documentId}
              label={t('kyc.dialog.document')}
              testId="kyc-review-document"
            />
            <Photo id={item.selfieId} label={t('kyc.dialog.selfie')} testId="kyc-review-selfie" />
          </Stack>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('kyc.dialog.history')}
            </Typography>
            <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }}>
              {item.history.map((entry, index) => (
                <Typography component="li" key={index} variant="body2">
                  {date(entry.createdAt)}: {t(`kyc.status.${entry.fromStatus}`, { ns: 'core' })} →{' '}
                  {t(`kyc.status.${entry.toStatus}`, { ns: 'core' })} (
                  {entry.actor === 'user'
                    ? t('kyc.dialog.by-user')
                    : t('kyc.dialog.by-moderator', { id: entry.actorId ?? '—' })}
                  ){entry.maxNftType !== null && `, ${nftTypeName(entry.maxNftType)}`}
                  {entry.comment && ` — ${entry.comment}`}
                </Typography>
              ))}
            </Stack>
          </Box>

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
              <Stack spacing={2}>
                <ToggleButtonGroup
                  exclusive
                  value={status}
                  onChange={(_event, value: KycStatus | null) => value && setStatus(value)}
                  size="small"
                  sx={{ flexWrap: 'wrap' }}
                >
                  {actions.map((action) => (
                    <ToggleButton key={action} value={action} data-testid={`kyc-action-${action}`}>
                      {t(`kyc.action.${action}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                {status === KycStatus.APPROVED && (
                  <Stack spacing={1}>
                    <Typography variant="body2" id="kyc-max-nft-label">
                      {t('kyc.max-nft')}
                    </Typography>
                    <ToggleButtonGroup
                      exclusive
                      value={maxNftType}
                      onChange={(_event, value: NftType | null) =>
                        value !== null && setMaxNftType(value)
                      }
                      size="small"
                      aria-labelledby="kyc-max-nft-label"
                    >
                      {NFT_TYPES.map((type) => (
                        <ToggleButton key={type} value={type} data-testid={`kyc-max-nft-${type}`}>
                          {nftTypeName(type)}
                        </ToggleButton>
                      ))}
                    </ToggleButtonGroup>
                    {fieldErrors.maxNftType && (
                      <Typography color="error" variant="body2" data-testid="kyc-max-nft-error">
                        {fieldErrors.maxNftType}
                      </Typography>
                    )}
                  </Stack>
                )}
                <TextField
                  label={t('kyc.comment')}
                  value={comment}
                  onChange={(event) => setComment(event.target.value)}
                  multiline
                  minRows={2}
                  error={Boolean(fieldErrors.moderatorComment)}
                  helperText={fieldErrors.moderatorComment}
                  slotProps={{ htmlInput: { 'data-testid': 'kyc-comment', maxLength: 1000 } }}
                />
              </Stack>
            )}
          </Box>
        </Stack>
      </DialogContent>
      {/* Beside the buttons, outside the scrolled photos: a refusal is seen where it was asked. */}
      {error && (
        <Alert severity="error" role="alert" sx={{ mx: 3, mt: 2 }}>
          {error}
        </Alert>
      )}
      <DialogActions>
        <Button onClick={onClose} data-testid="kyc-review-close">
          {t('kyc.close')}
        </Button>
        {!saved && actions.length > 0 && (
          <Button
            variant="contained"
            onClick={() => void onConfirm()}
            disabled={!status || moderate.isPending}
            data-testid="kyc-decide"
          >
            {t('kyc.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
