import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { paths } from '../../../app/paths.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { useFormat } from '../../../lib/format.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { NS } from '../i18n.ts';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box data-testid={testId} sx={{ wordBreak: 'break-all' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The e-mail, whether it is confirmed, and the way to confirm it while it is not. */
function EmailState({ email, confirmed }: { email: string | undefined; confirmed: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <span>{email}</span>
      {confirmed ? (
        <Chip
          size="small"
          color="success"
          label={t('data.email-verified')}
          data-testid="account-email-verified"
        />
      ) : (
        <>
          <Chip
            size="small"
            color="warning"
            label={t('data.email-unverified')}
            data-testid="account-email-unverified"
          />
          <Button
            size="small"
            component={RouterLink}
            to={paths.auth.confirmEmail.getHref()}
            data-testid="account-confirm-email"
          >
            {t('data.email-confirm')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/**
 * The account's facts: UID, e-mail and whether it is confirmed, KYC status, registration date,
 * and the user's own referral code and link.
 */
export function AccountFacts({ user }: { user: CurrentUser }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const referralLink = user.referralCode
    ? `${window.location.origin}${paths.referral.getHref(user.referralCode)}`
    : null;
  const verified = user.kycStatus === 'approved';
  const registered = user.createdAt ? fmt.date(user.createdAt) : null;
  return (
    <Stack spacing={1.5}>
      <Row label={t('data.uid')} testId="account-uid">
        {user.id}
      </Row>
      <Row label={t('data.email')} testId="account-email">
        <EmailState email={user.email} confirmed={user.emailVerified === true} />
      </Row>
      <Row label={t('data.verified')} testId="account-kyc">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Chip
            size="small"
            color={verified ? 'primary' : 'default'}
            label={t(`kyc.status.${user.kycStatus ?? 'draft'}`, { ns: 'core' })}
            data-testid="account-kyc-status"
          />
          {!verified && (
            <Button size="small" component={RouterLink} to={paths.kyc.getHref()}>
              {t('data.verify')}
            </Button>
          )}
        </Stack>
      </Row>
      {registered && (
        <Row label={t('data.registered')} testId="account-registered">
          {registered}
        </Row>
      )}
      {user.referralCode && (
        <Row label={t('data.referral-code')} testId="account-referral-code">
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {user.referralCode}
          </Typography>
        </Row>
      )}
      {referralLink && (
        <Row label={t('data.referral-link')} testId="account-referral-link">
          <span>{referralLink}</span>{' '}
          <CopyButton text={referralLink} label={t('data.copy')} copiedLabel={t('data.copied')} />
        </Row>
      )}
    </Stack>
  );
}
