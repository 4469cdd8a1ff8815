import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { KycStatus } from '@meeet/core/enums';
import { useTranslation } from '../../i18n/react.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { off, on } from '../../lib/socket.ts';
import { kycQueryKey, useKyc } from './api/get-kyc.ts';
import { KycStanding } from './components/kyc-standing.tsx';
import { KycSteps } from './components/kyc-steps.tsx';
import { LevelRequest } from './components/level-request.tsx';
import { NS } from './i18n.ts';

/**
 * A decision arrives over the shell's socket (which also shows it): read the new state and
 * the name lock.
 */
function useKycNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listener = () => {
      void queryClient.invalidateQueries({ queryKey: kycQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
    };
    on('notification', listener);
    return () => off('notification', listener);
  }, [queryClient]);
}

/** Spec §4 KYC: profile, document photo, selfie, submit; then the moderator's decision. */
export default function KycPage() {
  const { t } = useTranslation([NS, 'core']);
  const kyc = useKyc();
  useKycNotifications();

  if (kyc.isPending) return <PageSpinner />;
  if (!kyc.data) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{t('load-error')}</Alert>
      </Container>
    );
  }
  const state = kyc.data;
  return (
    <Container maxWidth="md" data-testid="kyc-page" sx={{ py: { xs: 3, md: 5 } }}>
      <KycStanding state={state} />
      {state.status === KycStatus.APPROVED && <LevelRequest state={state} />}

      <KycSteps state={state} />
    </Container>
  );
}
