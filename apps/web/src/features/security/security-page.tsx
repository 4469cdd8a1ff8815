import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import Alert from '@mui/material/Alert';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useFactorStatus } from './api/factors.ts';
import { AntiPhishingForm } from './components/anti-phishing-form.tsx';
import { PasskeysSection } from './components/passkeys-section.tsx';
import { TotpSection } from './components/totp-section.tsx';
import { SessionsList } from './components/sessions-list.tsx';
import { NS } from './i18n.ts';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} elevation={0} sx={{ borderRadius: 4 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The second factors (issue 45): the authenticator app and passkeys. */
function FactorParts() {
  const { t } = useTranslation(NS);
  const status = useFactorStatus();
  if (status.isPending) return <PageSpinner />;
  if (!status.data) return <Alert severity="error">{t('factors.load-error')}</Alert>;
  return (
    <>
      <Part id="totp-title" title={t('factors.totp')}>
        <TotpSection status={status.data} />
      </Part>
      <Part id="passkeys-title" title={t('factors.passkeys')}>
        <PasskeysSection status={status.data} />
      </Part>
    </>
  );
}

/**
 * Account → Security (issue 45): second factors, active sessions and the anti-phishing phrase.
 */
export default function SecurityPage() {
  const { t } = useTranslation(NS);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <FactorParts />
        <Part id="sessions-title" title={t('sessions.title')}>
          <SessionsList />
        </Part>
        <Part id="anti-phishing-title" title={t('anti-phishing.title')}>
          <AntiPhishingForm />
        </Part>
      </Stack>
    </Container>
  );
}
