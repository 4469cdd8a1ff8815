import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { KycStatus, nftTypeName } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import type { KycState } from '@meeet/core/api/kyc';
import { NS } from '../i18n.ts';

const STATUS_COLOR = {
  draft: 'default',
  requested: 'info',
  approved: 'primary',
  rejected: 'warning',
  rejected_forever: 'error',
} as const;

const STATE_SEVERITY = {
  requested: 'info',
  approved: 'success',
  rejected: 'warning',
  rejected_forever: 'error',
} as const;

/** Where the user's KYC stands: the title (badge once approved), the status and the decision. */
export function KycStanding({ state }: { state: KycState }) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
        {state.status === KycStatus.APPROVED && (
          <VerifiedIcon
            color="primary"
            titleAccess={t('verified')}
            data-testid="kyc-verified-badge"
            fontSize="large"
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-labelledby="kyc-status-label"
        sx={{ alignItems: 'center', mb: 3 }}
      >
        <Typography color="text.secondary" id="kyc-status-label">
          {t('status')}:
        </Typography>
        <Chip
          color={STATUS_COLOR[state.status]}
          label={t(`kyc.status.${state.status}`, { ns: 'core' })}
          data-testid="kyc-status"
          data-status={state.status}
        />
      </Stack>

      {state.status !== KycStatus.DRAFT && (
        <Alert severity={STATE_SEVERITY[state.status]} sx={{ mb: 3 }} data-testid="kyc-state">
          {t(`state.${state.status}`, {
            level: state.maxNftType === null ? '—' : nftTypeName(state.maxNftType),
          })}
          {state.moderatorComment && (
            <>
              <AlertTitle sx={{ mt: 1, mb: 0 }}>{t('moderator-comment')}</AlertTitle>
              <span data-testid="kyc-moderator-comment">{state.moderatorComment}</span>
            </>
          )}
        </Alert>
      )}
    </>
  );
}
