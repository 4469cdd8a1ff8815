import { useEffect } from 'react';
import { Switch, Text, View } from 'react-native';
import { useI18n } from '../../lib/i18n.ts';
import { useStore } from '../../lib/store.ts';
import { styles } from '../../components/ui.tsx';
import { adsChoice, chooseAds, restoreAdsChoice } from './ads-consent.ts';

/** Settings: whether the free tier's ads may match the profile (the same question as the ad's). */
export function AdsSetting() {
  const { t } = useI18n();
  const choice = useStore(adsChoice);
  useEffect(() => {
    if (choice === 'unknown') void restoreAdsChoice();
  }, [choice]);
  return (
    <View style={[styles.row, { justifyContent: 'space-between' }]}>
      <Text style={[styles.text, { flex: 1 }]}>{t('m.ads.setting')}</Text>
      <Switch
        accessibilityLabel={t('m.ads.setting')}
        value={choice === 'personalised'}
        onValueChange={(value) => void chooseAds(value)}
      />
    </View>
  );
}
