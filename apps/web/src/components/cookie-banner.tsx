import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type RefObject,
} from 'react';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/react.ts';
import { COOKIE_ACTION_DELAY_MS } from '@meeet/core/constants';
import { adsPaths } from '@meeet/core/api/ads-paths';
import { api } from '../lib/api-client.ts';
import { STORAGE_KEYS, removeStorage, writeStorage, type StorageKind } from '../lib/storage.ts';

type Consents = { terms: boolean; analytics: boolean; ads: boolean };

const CONSENTS = [
  { key: 'terms', label: 'cookie.consent.terms', testId: 'cookie-consent-terms' },
  { key: 'analytics', label: 'cookie.consent.analytics', testId: 'cookie-consent-analytics' },
  { key: 'ads', label: 'cookie.consent.ads', testId: 'cookie-consent-ads' },
] as const;

/**
 * Gives `target` (fixed at the bottom) space of its own while it is shown.
 */
function useReservedSpace(target: RefObject<HTMLElement | null>) {
  // The banner sits in space of its own: the page gets room below its content as tall as the
  // banner, and scrolling to a field (focus, scrollIntoView) stops above it, so it never covers
  // a form's controls on any screen size.
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      // A little air above the banner, so a control brought into view does not touch it.
      const space = `${window.innerHeight - element.getBoundingClientRect().top + 12}px`;
      document.body.style.paddingBottom = space;
      root.style.scrollPaddingBottom = space;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      document.body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [target]);
}

/**
 * The three consents as native ticks (the banner is part of every first visit, and MUI's
 * checkbox machinery would add ~3 KB gzip to it for three ticks); the required one only shows
 * that it is on.
 */
function ConsentTicks({
  consents,
  disabled,
  onChange,
}: {
  consents: Consents;
  disabled: boolean;
  onChange: (key: keyof Consents, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="fieldset" spacing={0.5} sx={{ mt: 1, p: 0, border: 0 }}>
      {CONSENTS.map((consent) => (
        <Typography
          key={consent.key}
          component="label"
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, cursor: 'pointer' }}
        >
          <Box
            component="input"
            type="checkbox"
            data-testid={consent.testId}
            checked={consents[consent.key]}
            // Required cookies cannot be refused; the box only shows they are on.
            disabled={consent.key === 'terms' || disabled}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              onChange(consent.key, event.target.checked)
            }
            sx={{
              m: 0,
              width: 18,
              height: 18,
              accentColor: (theme) => theme.palette.primary.main,
            }}
          />
          {t(consent.label)}
        </Typography>
      ))}
    </Stack>
  );
}

/** What the banner says, "show more" for the long text, and the privacy and terms pages. */
function CookieNotice() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('cookie.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('cookie.text')}
      </Typography>
      {expanded && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('cookie.more')}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          data-testid="cookie-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('cookie.roll-up') : t('cookie.show-more')}
        </Link>
        <Link component={RouterLink} to="/privacy" variant="body2">
          {t('nav.privacy')}
        </Link>
        <Link component={RouterLink} to="/terms" variant="body2">
          {t('nav.terms')}
        </Link>
      </Stack>
    </>
  );
}

/**
 * Spec §4 cookie banner. The 3 s appearance delay lives in ConsentPrompts so this module is
 * only downloaded when it is about to show. Accepting remembers the choice for good (local
 * storage); rejecting only for this browser session, so the visitor is asked again next time.
 */
export default function CookieBanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [consents, setConsents] = useState<Consents>({ terms: true, analytics: false, ads: false });
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const banner = useRef<HTMLDivElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  useReservedSpace(banner);

  const decide = (next: Consents, storage: StorageKind) => {
    setConsents(next);
    setClosing(true);
    // Kept with this browser (x-fp) and the signed-in user: the house ads are personalised
    // only with the advertising consent. A failure here must not keep the banner open.
    void api.post(adsPaths.consent, next);
    // The short pause lets the visitor see the ticks change before the banner goes.
    timer.current = setTimeout(() => {
      // The latest choice is the one that counts (it may be changed from the footer later).
      removeStorage(STORAGE_KEYS.cookieDialogHidden, storage === 'local' ? 'session' : 'local');
      writeStorage(STORAGE_KEYS.cookieDialogHidden, 'true', storage);
      onClose();
    }, COOKIE_ACTION_DELAY_MS);
  };

  return (
    <Paper
      ref={banner}
      data-testid="cookie-banner"
      role="region"
      aria-label={t('cookie.title')}
      elevation={0}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        left: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 16 },
        maxWidth: 480,
        p: 2.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <CookieNotice />
      <ConsentTicks
        consents={consents}
        disabled={closing}
        onChange={(key, on) => setConsents((current) => ({ ...current, [key]: on }))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button
          variant="contained"
          data-testid="cookie-accept"
          disabled={closing}
          onClick={() => decide({ terms: true, analytics: true, ads: true }, 'local')}
        >
          {t('cookie.accept')}
        </Button>
        <Button
          variant="outlined"
          data-testid="cookie-reject"
          disabled={closing}
          onClick={() => decide({ terms: true, analytics: false, ads: false }, 'session')}
        >
          {t('cookie.reject')}
        </Button>
      </Stack>
    </Paper>
  );
}
