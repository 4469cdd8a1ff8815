import { useEffect, useState } from 'react';
import { Image, Pressable, Text, View } from 'react-native';
import * as WebBrowser from 'expo-web-browser';
import { adServeResponseSchema, type ServedAd } from '@meeet/core/api/ads';
import { adsPaths } from '@meeet/core/api/ads-paths';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { api, buildUrl } from '../../lib/api.ts';
import { apiOrigin } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useStore } from '../../lib/store.ts';
import { Button, styles } from '../../components/ui.tsx';
import { adsChoice, chooseAds, restoreAdsChoice } from './ads-consent.ts';

/** An impression counts once the ad has been on screen for a second (as on the web). */
const SEEN_AFTER_MS = 1000;

function AdsQuestion() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  async function answer(personalised: boolean) {
    setBusy(true);
    await chooseAds(personalised);
    setBusy(false);
  }
  return (
    <View style={{ gap: 8 }}>
      <Text style={styles.text}>{t('m.ads.question')}</Text>
      <View style={styles.row}>
        <View style={{ flex: 1 }}>
          <Button
            label={t('m.ads.personalised')}
            onPress={() => void answer(true)}
            disabled={busy}
          />
        </View>
        <View style={{ flex: 1 }}>
          <Button
            label={t('m.ads.general')}
            variant="secondary"
            onPress={() => void answer(false)}
            disabled={busy}
          />
        </View>
      </View>
    </View>
  );
}

function AdCard({ ad }: { ad: ServedAd }) {
  const { t } = useI18n();
  useEffect(() => {
    const timer = setTimeout(
      () => void api.post(adsPaths.seen(ad.impressionId), {}),
      SEEN_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [ad]);
  return (
    <Pressable
      accessibilityRole="link"
      accessibilityLabel={`${t('m.ads.label')}: ${ad.title}`}
      // The click goes through the server's counted redirect (an /api path).
      onPress={() => void WebBrowser.openBrowserAsync(`${apiOrigin()}${ad.href}`)}
      style={{ flexDirection: 'row', gap: 12, alignItems: 'center' }}
    >
      {ad.imageId ? (
        <Image
          source={{ uri: buildUrl(mediaPaths.image(ad.imageId, 'small')) }}
          style={{ width: 64, height: 64, borderRadius: 8 }}
          accessibilityIgnoresInvertColors
        />
      ) : null}
      <View style={{ flex: 1, gap: 2 }}>
        <Text style={styles.muted}>{t('m.ads.label')}</Text>
        <Text style={[styles.text, { fontWeight: '700' }]}>{ad.title}</Text>
        <Text style={styles.text}>{ad.text}</Text>
      </View>
    </Pressable>
  );
}

/**
 * A house ad of the free tier (spec §1) in the app, as the web shows them: the server decides
 * everything (the paid tier sees none, caps, personalisation by consent). The first time an ad
 * is shown the user is asked whether ads may match their profile. `placedAt` names the raised
 * hand the server has taken a position for (its `expiresAt`), null while there is none.
 */
export function HouseAd({ placedAt = null }: { placedAt?: number | null } = {}) {
  const { locale } = useI18n();
  const choice = useStore(adsChoice);
  const [ad, setAd] = useState<ServedAd | null>(null);
  useEffect(() => {
    if (choice === 'unknown') void restoreAdsChoice();
  }, [choice]);
  useEffect(() => {
    if (choice === 'unknown') return;
    let live = true;
    void api
      .get(adsPaths.serve, { placement: 'app', language: locale }, adServeResponseSchema)
      .then((result) => {
        if (live && result.ok) setAd(result.data.ad);
      });
    return () => {
      live = false;
    };
    // A new choice asks again: the next ad may be personalised. So does a raised hand the
    // server has just placed: campaigns of venues nearby reach only a placed hand.
  }, [choice, locale, placedAt]);
  if (!ad) return null;
  return (
    <View
      style={{ backgroundColor: '#1b1d24', borderRadius: 12, padding: 12, gap: 10 }}
      accessibilityLabel={ad.personalised ? 'personalised' : undefined}
    >
      <AdCard ad={ad} />
      {choice === 'ask' ? <AdsQuestion /> : null}
    </View>
  );
}
