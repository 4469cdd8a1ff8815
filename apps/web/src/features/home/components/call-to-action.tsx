import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.ts';
import AppStoreBadge from '../../../components/app-store-badge';
import { NS } from '../i18n';
import Section from './section';

export default function CallToAction() {
  const { t } = useTranslation(NS);
  return (
    <Section id="get-started">
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography component="h2" variant="h4" sx={{ fontWeight: 800 }}>
          {t('cta.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('cta.text')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <AppStoreBadge height={52} />
          <Button
            component={Link}
            to="/market"
            variant="contained"
            size="large"
            sx={{ height: 52, px: 4 }}
          >
            {t('cta.market')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
