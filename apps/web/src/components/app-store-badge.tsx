import Box from '@mui/material/Box';
import { useTranslation } from '../i18n/react.ts';
import i18n from '../i18n/i18n';

/**
 * Spec §1: the mobile app is iOS only. Kept here (the one shared place that shows the App Store)
 * so feature texts interpolate the same numbers; @meeet/core/constants has no name for them yet.
 */
export const IOS_REQUIREMENTS = { iosMin: 16, iphoneMin: 8 } as const;

const NS = 'app-store-badge';
i18n.addResourceBundle(
  'en',
  NS,
  { pre: 'Download on the', store: 'App Store', label: 'Download MEEET on the App Store' },
  true,
  true,
);
i18n.addResourceBundle(
  'ru',
  NS,
  { pre: 'Загрузите в', store: 'App Store', label: 'Скачать MEEET в App Store' },
  true,
  true,
);

/** The app's App Store page, or null while the build was given none (VITE_APP_STORE_URL). */
function appStoreUrl(): string | null {
  const value: unknown = import.meta.env.VITE_APP_STORE_URL;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export interface AppStoreBadgeProps {
  /** Badge height in px; the width follows. */
  height?: number;
}

/**
 * "Download on the App Store" style badge: neutral phone glyph + text, no Apple artwork. Not
 * shown at all while the App Store address is unknown: a badge leading nowhere is worse than none.
 */
export default function AppStoreBadge({ height = 48 }: AppStoreBadgeProps) {
  const { t } = useTranslation(NS);
  const href = appStoreUrl();
  if (!href) return null;
  return (
    <Box
      component="a"
      href={href}
      aria-label={t('label')}
      data-testid="app-store-badge"
      target="_blank"
      rel="noopener noreferrer"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        height,
        px: 1.75,
        borderRadius: `${Math.round(height / 5)}px`,
        bgcolor: '#000',
        color: '#fff',
        border: '1px solid #a6a6a6',
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        transition: 'border-color 150ms',
        '&:hover': { borderColor: '#fff' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <svg
        width={height * 0.42}
        height={height * 0.62}
        viewBox="0 0 20 30"
        aria-hidden="true"
        focusable="false"
      >
        <rect
          x="1.5"
          y="1.5"
          width="17"
          height="27"
          rx="3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <rect x="7" y="4" width="6" height="1.6" rx="0.8" fill="currentColor" />
        <circle cx="10" cy="24.5" r="1.5" fill="currentColor" />
      </svg>
      <Box
        component="span"
        sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.05, textAlign: 'left' }}
      >
        <Box component="span" sx={{ fontSize: height * 0.22, letterSpacing: 0.2 }}>
          {t('pre')}
        </Box>
        <Box
          component="span"
          sx={{ fontSize: height * 0.42, fontWeight: 600, letterSpacing: -0.3 }}
        >
          {t('store')}
        </Box>
      </Box>
    </Box>
  );
}
