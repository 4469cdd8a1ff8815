import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import AppStoreBadge from '../../components/app-store-badge';
import Economy from './components/economy';
import GameLoop from './components/game-loop';
import { NS } from './i18n';
import { textValues as values } from '../../i18n/text-values.ts';
import { PageTitle } from '../../components/page-title.tsx';

export default function MeetAndPlayPage() {
  const { t } = useTranslation(NS);
  const rules = t('rules', { returnObjects: true, keySeparator: '.', ...values }) as string[];
  return (
    <Container maxWidth="lg" data-testid="meet-and-play-page" sx={{ py: { xs: 4, lg: 8 } }}>
      <PageTitle mb={1.5}>{t('title')}</PageTitle>
      <Typography
        variant="h6"
        component="p"
        color="text.secondary"
        sx={{ fontWeight: 400, mb: { xs: 5, lg: 7 }, maxWidth: 820 }}
      >
        {t('intro')}
      </Typography>
      <GameLoop />
      <Economy />
      <Box component="section" aria-labelledby="rules-title" sx={{ mb: { xs: 6, lg: 8 } }}>
        <Typography id="rules-title" component="h2" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
          {t('rules.title')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, maxWidth: 820 }}>
          {rules.map((rule) => (
            <Typography component="li" key={rule} color="text.secondary" sx={{ mb: 1 }}>
              {rule}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box
        component="section"
        aria-labelledby="cta-title"
        sx={{
          p: { xs: 3, lg: 5 },
          borderRadius: 4,
          bgcolor: 'background.paper',
          textAlign: 'center',
        }}
      >
        <Typography id="cta-title" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 1 }}>
          {t('cta.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('cta.text')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', alignItems: 'center' }}
        >
          <AppStoreBadge height={48} />
          <Button component={Link} to="/market" variant="contained" size="large">
            {t('cta.market')}
          </Button>
          <Button component={Link} to="/help/how-to-meet" size="large">
            {t('cta.howTo')}
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}
