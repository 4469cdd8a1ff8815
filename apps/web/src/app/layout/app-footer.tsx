import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import type { CommonKey } from '../../i18n/locales/en.ts';
import { useUiStore } from '../../lib/stores/ui-store.ts';
import { paths } from '../paths.ts';

const FOOTER_LINKS: ReadonlyArray<{ to: string; label: CommonKey }> = [
  { to: paths.help.faq.getHref(), label: 'nav.faq' },
  { to: paths.help.howToMeet.getHref(), label: 'nav.how-to-meet' },
  { to: paths.support.getHref(), label: 'nav.support' },
  { to: paths.affiliates.getHref(), label: 'nav.affiliates' },
  { to: paths.terms.getHref(), label: 'nav.terms' },
  { to: paths.privacy.getHref(), label: 'nav.privacy' },
];

export function AppFooter() {
  const { t } = useTranslation();
  const requestCookieSettings = useUiStore((state) => state.requestCookieSettings);
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, mb: 2 }}>
          {FOOTER_LINKS.map((link) => (
            <Typography
              key={link.to}
              component={RouterLink}
              to={link.to}
              variant="body2"
              sx={{
                color: 'text.secondary',
                textDecoration: 'none',
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {t(link.label)}
            </Typography>
          ))}
          <Typography
            component="button"
            type="button"
            variant="body2"
            data-testid="footer-cookie-settings"
            onClick={requestCookieSettings}
            sx={{
              color: 'text.secondary',
              background: 'none',
              border: 0,
              p: 0,
              cursor: 'pointer',
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            {t('footer.cookie-settings')}
          </Typography>
        </Box>
        {/* The year of a prerendered page is the build's until the app renders it again. */}
        <Typography variant="body2" color="text.secondary" suppressHydrationWarning>
          {t('footer.rights', { year: new Date().getFullYear() })} {t('footer.adults')}
        </Typography>
      </Container>
    </Box>
  );
}
