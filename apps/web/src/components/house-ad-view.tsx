import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/react.ts';
import type { ServedAd } from '@meeet/core/api/ads';
import { adsPaths } from '@meeet/core/api/ads-paths';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { api, buildUrl } from '../lib/api-client.ts';

/** An impression counts once half of the ad has been on screen for a second. */
const SEEN_RATIO = 0.5;
const SEEN_AFTER_MS = 1000;

/** A served house ad; reports the impression once half of it was visible for a second. */
export default function HouseAdView({ ad }: { ad: ServedAd }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (entry && entry.intersectionRatio >= SEEN_RATIO) {
          timer = setTimeout(() => {
            observer.disconnect();
            void api.post(adsPaths.seen(ad.impressionId), {});
          }, SEEN_AFTER_MS);
        }
      },
      { threshold: [SEEN_RATIO] },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ad]);

  return (
    <Paper
      ref={box}
      variant="outlined"
      data-testid="house-ad"
      data-personalised={ad.personalised ? 'true' : 'false'}
      sx={{ p: 2, my: 3, display: 'flex', gap: 2, alignItems: 'center' }}
    >
      {ad.imageId && (
        <Box
          component="img"
          src={buildUrl(mediaPaths.image(ad.imageId, 'small'))}
          alt=""
          sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary">
          {t('ads.label')}
        </Typography>
        <Link
          href={ad.href}
          target="_blank"
          rel="noopener sponsored"
          underline="hover"
          data-testid="house-ad-link"
          sx={{ display: 'block', fontWeight: 600 }}
        >
          {ad.title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {ad.text}
        </Typography>
      </Box>
    </Paper>
  );
}
