import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n';

/** The "Meet.Mint.Play." banner: a full-width gradient strip. */
export default function Banner() {
  const { t } = useTranslation(NS);
  return (
    <Box
      component="section"
      aria-labelledby="home-banner-title"
      sx={{
        py: { xs: 5, lg: 8 },
        color: '#fff',
        background: (theme) =>
          `linear-gradient(120deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, #7c4dff 100%)`,
      }}
    >
      <Container maxWidth="lg" sx={{ textAlign: 'center' }}>
        <Typography
          id="home-banner-title"
          component="h2"
          sx={{
            fontWeight: 900,
            fontSize: { xs: '2.5rem', sm: '3.5rem', lg: '5rem' },
            letterSpacing: -1,
            lineHeight: 1,
          }}
        >
          {t('banner.title')}
        </Typography>
        <Typography sx={{ mt: 2, fontSize: { xs: '1rem', lg: '1.25rem' }, opacity: 0.9 }}>
          {t('banner.text')}
        </Typography>
      </Container>
    </Box>
  );
}
