import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import type { KycModerationItem } from '@meeet/core/api/kyc';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { KycStatus, NFT_TYPES, nftTypeName, type NftType } from '@meeet/core/enums';
import { ProtectedImage } from '../../../components/media/protected-image.tsx';
import { NS } from '../i18n.ts';
import { formatDate } from '@meeet/core/format/date';
import { useFormat } from '../../../lib/format.ts';

/** Formats a moment with its time, or a birth date as its calendar day. */
function useKycDate() {
  const fmt = useFormat();
  // Birth dates are midnight UTC (spec §3): shown as that calendar day everywhere.
  return (iso: string | null, withTime = true) =>
    withTime ? fmt.dateTime(iso) : formatDate(iso, fmt.locale, 'UTC');
}

/** One uploaded photo, medium size until the moderator opens it large. */
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

/** The user's e-mail, birth date and country, then the document and selfie side by side. */
export function KycPersonDetails({ item }: { item: KycModerationItem }) {
  const { t } = useTranslation(NS);
  const date = useKycDate();
  return (
    <>
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
        <Photo id={item.documentId} label={t('kyc.dialog.document')} testId="kyc-review-document" />
        <Photo id={item.selfieId} label={t('kyc.dialog.selfie')} testId="kyc-review-selfie" />
      </Stack>
    </>
  );
}

/** The user's verification history: each change of status, who made it and why. */
export function KycHistoryList({ history }: { history: KycModerationItem['history'] }) {
  const { t } = useTranslation([NS, 'core']);
  const date = useKycDate();
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('kyc.dialog.history')}
      </Typography>
      <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }}>
        {history.map((entry, index) => (
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
  );
}

/** The highest NFT level an approval allows, with its error. */
function MaxNftChoice({
  value,
  onChange,
  error,
}: {
  value: NftType | null;
  onChange: (value: NftType) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={1}>
      <Typography variant="body2" id="kyc-max-nft-label">
        {t('kyc.max-nft')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_event, next: NftType | null) => next !== null && onChange(next)}
        size="small"
        aria-labelledby="kyc-max-nft-label"
      >
        {NFT_TYPES.map((type) => (
          <ToggleButton key={type} value={type} data-testid={`kyc-max-nft-${type}`}>
            {nftTypeName(type)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error && (
        <Typography color="error" variant="body2" data-testid="kyc-max-nft-error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/** The moderator's choice of next status, the allowed NFT level and a comment. */
export function KycDecisionFields({
  actions,
  status,
  onStatus,
  maxNftType,
  onMaxNftType,
  comment,
  onComment,
  fieldErrors,
}: {
  actions: KycStatus[];
  status: KycStatus | null;
  onStatus: (value: KycStatus) => void;
  maxNftType: NftType | null;
  onMaxNftType: (value: NftType) => void;
  comment: string;
  onComment: (value: string) => void;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        value={status}
        onChange={(_event, value: KycStatus | null) => value && onStatus(value)}
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
        <MaxNftChoice value={maxNftType} onChange={onMaxNftType} error={fieldErrors.maxNftType} />
      )}
      <TextField
        label={t('kyc.comment')}
        value={comment}
        onChange={(event) => onComment(event.target.value)}
        multiline
        minRows={2}
        error={Boolean(fieldErrors.moderatorComment)}
        helperText={fieldErrors.moderatorComment}
        slotProps={{ htmlInput: { 'data-testid': 'kyc-comment', maxLength: 1000 } }}
      />
    </Stack>
  );
}
