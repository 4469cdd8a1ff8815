import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useTranslation } from '../i18n/react.ts';
import { LOCALES } from '@meeet/core/i18n/locale';
import { setLocale } from '../i18n/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Box role="group" aria-label={t('language.label')} sx={{ display: 'flex', gap: 0.25 }}>
      {LOCALES.map((locale) => {
        const active = locale === current;
        return (
          <Button
            key={locale}
            size="small"
            lang={locale}
            aria-pressed={active}
            data-testid={`language-${locale}`}
            color={active ? 'primary' : 'inherit'}
            variant={active ? 'contained' : 'text'}
            onClick={() => void setLocale(locale)}
            sx={{ minWidth: 40, px: 1 }}
          >
            {locale.toUpperCase()}
          </Button>
        );
      })}
    </Box>
  );
}
