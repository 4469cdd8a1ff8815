import { Text, View } from 'react-native';
import type { DeviceLock } from '@meeet/core/api/meetings';
import { useI18n } from '../../lib/i18n.ts';
import { styles } from '../../components/ui.tsx';

/**
 * Explains a device lock while it lasts (PRODUCT.md: the reason is shown): why it began, until
 * when, and that everything but minting goes on.
 */
export function DeviceLockNotice({ lock }: { lock: DeviceLock | undefined }) {
  const { t, locale } = useI18n();
  if (!lock?.locked || !lock.until) return null;
  const hours = Math.floor(lock.remainingMs / 3_600_000);
  const minutes = Math.floor((lock.remainingMs % 3_600_000) / 60_000);
  const until = new Date(lock.until).toLocaleString(locale, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
  const why = lock.reason === 'new-phone' ? 'm.device-lock.new-phone' : 'm.device-lock.new-device';
  return (
    <View style={[styles.notice, styles.noticeWarning]} accessibilityRole="alert">
      <Text style={[styles.text, { fontWeight: '700' }]}>
        {t('m.device-lock.title', { until })}
      </Text>
      <Text style={styles.text}>{t(why, { hours, minutes })}</Text>
      <Text style={styles.text}>{t('m.device-lock.still-works')}</Text>
    </View>
  );
}
