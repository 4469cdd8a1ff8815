import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useTranslation } from '../../i18n/react.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ProfileForm } from '../../components/profile-form/profile-form.tsx';
import { saveCurrentUser, useCurrentUser } from '../../lib/current-user.ts';
import { signOut } from '../../lib/sign-out.ts';
import { AccountFacts } from './components/account-facts.tsx';
import { ProfilePhotos } from './components/profile-photos.tsx';
import { BlockedPeople } from './components/blocked-people.tsx';
import { AccountSection } from './components/account-section.tsx';
import { AccountDeletion } from './components/account-deletion.tsx';
import { DataExportRequest } from './components/data-export-request.tsx';
import { NS } from './i18n.ts';
import { HouseAd } from '../../components/house-ad.tsx';
import { STORAGE_KEYS, readStorage, removeStorage } from '../../lib/storage.ts';

/** The page's title, the verified badge once KYC is approved, and signing out. */
function PageHeader({ verified }: { verified: boolean }) {
  const { t } = useTranslation(NS);
  return (
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
  );
}

/**
 * Account → Personal data: UID, e-mail and its state, the user's own referral code, and the
 * profile form shared with update-profile. Spec §2: name and surname are editable only until
 * KYC is approved.
 */
export default function PersonalDataPage() {
  const { t } = useTranslation([NS, 'profile-form', 'core']);
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

  const verified = user.kycStatus === 'approved';

  return (
    <Container maxWidth="md" data-testid="personal-data-page" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader verified={verified} />

      {deletionCancelled && (
        <Alert severity="info" role="status" data-testid="deletion-cancelled" sx={{ mb: 3 }}>
          {t('delete.cancelled')}
        </Alert>
      )}
      <AccountSection id="account" title={t('data.account')}>
        <AccountFacts user={user} />
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
