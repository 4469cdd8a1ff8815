import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import { NS } from './i18n';

export default function NotFoundPage() {
  const { t } = useTranslation(NS);
  return (
    <Container
      maxWidth="sm"
      data-testid="not-found-page"
      sx={{ py: { xs: 8, lg: 14 }, textAlign: 'center' }}
    >
      <Box aria-hidden="true" sx={{ width: 160, mx: 'auto', mb: 3, color: 'primary.main' }}>
        <svg viewBox="0 0 160 120" width="100%">
          <circle
            cx="80"
            cy="60"
            r="56"
            fill="currentColor"
            fillOpacity="0.08"
            stroke="currentColor"
            strokeOpacity="0.4"
            strokeDasharray="6 6"
          />
          <path
            d="M80 22c-14 0-24 10-24 23 0 17 24 41 24 41s24-24 24-41c0-13-10-23-24-23z"
            fill="currentColor"
          />
          <text x="80" y="54" textAnchor="middle" fontSize="22" fontWeight="800" fill="#fff">
            ?
          </text>
        </svg>
      </Box>
      <Typography
        variant="overline"
        color="text.secondary"
        sx={{ fontSize: '1rem', letterSpacing: 4 }}
      >
        {t('code')}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1.5 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={Link} to="/" variant="contained" size="large">
          {t('home')}
        </Button>
        <Button component={Link} to="/help/faq" size="large">
          {t('faq')}
        </Button>
      </Stack>
    </Container>
  );
}
