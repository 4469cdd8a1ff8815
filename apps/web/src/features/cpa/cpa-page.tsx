import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import { paths } from '../../app/paths.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { CpaCabinet } from './components/cpa-cabinet.tsx';
import { NS } from './i18n.ts';

/** Spec §2 /cpa: the advertising platform — its sign-in, or the cabinet once signed in. */
export default function CpaPage() {
  const { t } = useTranslation(NS);
  const token = useAuthStore((state) => state.token);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="cpa-page">
      {token ? (
        <CpaCabinet />
      ) : (
        <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto' }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h4" component="h1">
                {t('cabinet.title')}
              </Typography>
              <Typography color="text.secondary">{t('cabinet.signed-out')}</Typography>
              <Button
                component={RouterLink}
                to={paths.auth.login.getHref({ platform: 'cpa' })}
                variant="contained"
              >
                {t('cabinet.sign-in')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Container>
  );
}
