import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/react.ts';
import type { CommonKey } from '../i18n/locales/en.ts';

/** A titled page for screens whose content arrives with a later issue. */
export function PagePlaceholder({
  titleKey,
  titleParams,
  children,
}: {
  titleKey: CommonKey;
  titleParams?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(titleKey, titleParams)}
      </Typography>
      {children}
      <Typography color="text.secondary">{t('page.coming-soon')}</Typography>
    </Container>
  );
}
