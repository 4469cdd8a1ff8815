import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { AntiPhishingForm } from './components/anti-phishing-form.tsx';
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

/** Account → Security (issue 45): active sessions and the anti-phishing phrase. */
export default function SecurityPage() {
  const { t } = useTranslation(NS);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
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
