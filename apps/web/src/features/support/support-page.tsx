import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SUPPORT_EMAIL } from '@meeet/core/constants';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import FeedbackForm from './feedback-form';
import { NS } from './i18n';
import { PageTitle } from '../../components/page-title.tsx';

export default function SupportPage() {
  const { t } = useTranslation(NS);
  return (
    <Container maxWidth="lg" data-testid="support-page" sx={{ py: { xs: 4, lg: 8 } }}>
      <PageTitle>{t('title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: { xs: 4, lg: 6 }, maxWidth: 720 }}>
        {t('intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, lg: 6 },
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Box
          component="section"
          sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4, bgcolor: 'background.paper' }}
        >
          <Typography
            id="support-form-title"
            component="h2"
            variant="h5"
            sx={{ fontWeight: 700, mb: 3 }}
          >
            {t('form.title')}
          </Typography>
          <FeedbackForm />
        </Box>
        <Box
          component="aside"
          aria-labelledby="support-contact-title"
          sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4, border: 1, borderColor: 'divider' }}
        >
          <Typography
            id="support-contact-title"
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700, mb: 2 }}
          >
            {t('contact.title')}
          </Typography>
          <Typography color="text.secondary">{t('contact.email')}</Typography>
          <MuiLink
            href={`mailto:${SUPPORT_EMAIL}`}
            data-testid="support-email"
            sx={{ fontSize: '1.15rem', fontWeight: 700, wordBreak: 'break-all' }}
          >
            {SUPPORT_EMAIL}
          </MuiLink>
          <Typography color="text.secondary" sx={{ mt: 3, mb: 1 }}>
            {t('contact.faq')}
          </Typography>
          <MuiLink component={Link} to="/help/faq" sx={{ fontWeight: 600 }}>
            {t('contact.faqLink')}
          </MuiLink>
        </Box>
      </Box>
    </Container>
  );
}
