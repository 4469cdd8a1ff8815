import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/react.ts';

/**
 * Shown when a screen fails to render or its chunk cannot be fetched (typically a tab left open
 * across a deploy); reloading fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('error.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('error.text')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </Container>
  );
}
