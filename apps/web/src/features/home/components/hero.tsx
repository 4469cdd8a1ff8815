import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.ts';
import AppStoreBadge from '../../../components/app-store-badge';
import { NS } from '../i18n';
import { textValues as values } from '../../../i18n/text-values.ts';
import type { Landing } from '../values';
import HeroArt from './hero-art';

export default function Hero({ landing }: { landing: Landing | undefined }) {
  const { t } = useTranslation(NS);
  const mode = landing ?? 'home';
  return (
    <Box component="header" sx={{ pt: { xs: 4, lg: 10 }, pb: { xs: 6, lg: 10 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, lg: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', lg: '7fr 5fr' },
          }}
        >
          <Stack
            spacing={2.5}
            sx={{
              textAlign: { xs: 'center', lg: 'left' },
              alignItems: { xs: 'center', lg: 'flex-start' },
            }}
          >
            <Typography
              variant="overline"
              color="primary"
              sx={{ fontWeight: 700, letterSpacing: 1.5 }}
            >
              {t(`hero.${mode}.eyebrow`)}
            </Typography>
            <Typography
              variant="h3"
              component="h1"
              sx={{
                fontWeight: 800,
                fontSize: { xs: '2rem', sm: '2.5rem', lg: '3.25rem' },
                lineHeight: 1.1,
              }}
            >
              {t(`hero.${mode}.title`)}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, maxWidth: 620 }}
            >
              {t(`hero.${mode}.subtitle`, values)}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: 'center', pt: 1 }}
            >
              <AppStoreBadge height={52} />
              <Button
                component={Link}
                to="/market"
                variant="outlined"
                size="large"
                sx={{ height: 52, px: 3 }}
              >
                {t('hero.market')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('hero.requirements', values)} {t('hero.adults', values)}
            </Typography>
          </Stack>
          <HeroArt label={t('hero.artLabel')} />
        </Box>
      </Container>
    </Box>
  );
}
