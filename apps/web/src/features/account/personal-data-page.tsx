import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useTranslation } from '../../i18n/react.ts';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ProfileForm } from '../../components/profile-form/profile-form.tsx';
import { saveCurrentUser, useCurrentUser } from '../../lib/current-user.ts';
import { signOut } from '../../lib/sign-out.ts';
import { ProfilePhotos } from './components/profile-photos.tsx';
import { BlockedPeople } from './components/blocked-people.tsx';
import { AccountSection } from './components/account-section.tsx';
import { AccountDeletion } from './components/account-deletion.tsx';
import { DataExportRequest } from './components/data-export-request.tsx';
import { NS } from './i18n.ts';
import { HouseAd } from '../../components/house-ad.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { useFormat } from '../../lib/format.ts';
import { STORAGE_KEYS, readStorage, removeStorage } from '../../lib/storage.ts';

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

/**
 * Account → Personal data: UID, e-mail and its state, the user's own referral code, and the
 * profile form shared with update-profile. Spec §2: name and surname are editable only until
 * KYC is approved.
 */
export default function PersonalDataPage() {
  const { t } = useTranslation([NS, 'profile-form', 'core']);
  const fmt = useFormat();
  const me = useCurrentUser();
  const [saved, setSaved] = useState(false);
  // The sign-in that brought the user here cancelled a pending deletion (issue 43): said once.
  const [deletionCancelled] = useState(
    () => readStorage(STORAGE_KEYS.deletionCancelled, 'session') !== null,
  );
  useEffect(() => removeStorage(STORAGE_KEYS.deletionCancelled, 'session'), []);

  if (me.isPending) return <PageSpinner />;
  const user = me.data;
  if (!user)
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{t('data.load-error')}</Alert>
      </Container>
    );

  const referralLink = user.referralCode
    ? `${window.location.origin}${paths.referral.getHref(user.referralCode)}`
    : null;
  const verified = user.kycStatus === 'approved';
  const registered = user.createdAt ? fmt.date(user.createdAt) : null;

  return (
    <Container maxWidth="md" data-testid="personal-data-page" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('data.title')}
          </Typography>
          {verified && (
            <VerifiedIcon
              color="primary"
              fontSize="large"
              titleAccess={t('data.verified')}
              data-testid="account-verified-badge"
            />
          )}
        </Stack>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => void signOut()}
          data-testid="account-logout"
          // One line on a phone too: the title beside it gives way instead.
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('data.logout')}
        </Button>
      </Stack>

      {deletionCancelled && (
        <Alert severity="info" role="status" data-testid="deletion-cancelled" sx={{ mb: 3 }}>
          {t('delete.cancelled')}
        </Alert>
      )}
      <AccountSection id="account" title={t('data.account')}>
        <Stack spacing={1.5}>
          <Row label={t('data.uid')} testId="account-uid">
            {user.id}
          </Row>
          <Row label={t('data.email')} testId="account-email">
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
            >
              <span>{user.email}</span>
              {user.emailVerified ? (
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
          </Row>
          <Row label={t('data.verified')} testId="account-kyc">
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
            >
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
              <CopyButton
                text={referralLink}
                label={t('data.copy')}
                copiedLabel={t('data.copied')}
              />
            </Row>
          )}
        </Stack>
      </AccountSection>

      <AccountSection id="photos" title={t('data.photos')}>
        <ProfilePhotos />
      </AccountSection>

      <AccountSection id="profile" title={t('data.profile')}>
        {saved && (
          <Alert
            severity="success"
            role="status"
            data-testid="profile-saved"
            onClose={() => setSaved(false)}
            sx={{ mb: 2 }}
          >
            {t('data.saved')}
          </Alert>
        )}
        <ProfileForm
          user={user}
          submitLabel={t('data.save')}
          lockNames={user.kycStatus === 'approved'}
          onSaved={(updated) => {
            saveCurrentUser(updated);
            setSaved(true);
          }}
        />
      </AccountSection>
      <AccountSection id="blocked" title={t('blocked.title')}>
        <BlockedPeople />
      </AccountSection>
      <AccountSection id="data-export" title={t('export.title')}>
        <DataExportRequest />
      </AccountSection>
      <AccountSection id="delete" title={t('delete.title')}>
        <AccountDeletion />
      </AccountSection>
      <HouseAd placement="account" />
    </Container>
  );
}
