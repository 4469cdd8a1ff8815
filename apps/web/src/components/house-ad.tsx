import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.ts';
import type { AdServeResponse, ServedAd } from '@meeet/core/api/ads';
import { adsPaths, type AdPlacementName } from '@meeet/core/api/ads-paths';
import { api } from '../lib/api-client.ts';

// The view (and the MUI parts it uses) loads only when there is an ad to show.
const HouseAdView = lazy(() => import('./house-ad-view.tsx'));

/**
 * A house ad of the free tier for a placement. The server decides everything (consent,
 * caps, the paid tier): when it answers no ad, nothing is drawn or downloaded.
 */
export function HouseAd({ placement }: { placement: AdPlacementName }) {
  const { i18n } = useTranslation();
  const [ad, setAd] = useState<ServedAd | null>(null);
  useEffect(() => {
    let live = true;
    void api
      .get<AdServeResponse>(adsPaths.serve, { placement, language: i18n.language })
      .then((result) => {
        if (live && result.ok) setAd(result.data.ad);
      });
    return () => {
      live = false;
    };
  }, [placement, i18n.language]);
  if (!ad) return null;
  return (
    <Suspense fallback={null}>
      <HouseAdView ad={ad} />
    </Suspense>
  );
}
