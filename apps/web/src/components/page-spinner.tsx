import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../i18n/react.ts';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('app.loading')}
      sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}
    >
      <CircularProgress />
    </Box>
  );
}
