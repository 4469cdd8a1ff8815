import { Text } from 'react-native';
import { useI18n } from '../../lib/i18n.ts';
import { notificationsStore } from '../../lib/notifications.ts';
import { useStore } from '../../lib/store.ts';
import { Card, Empty, Screen, styles } from '../../components/ui.tsx';

const tone = { success: '#4cd98a', info: '#8ab4ff', warning: '#ffb74d', error: '#ff6b6b' } as const;

/** What the server pushed since the app opened (mints, deposits, warnings, news). */
export function NotificationsScreen() {
  const { t, locale } = useI18n();
  const list = useStore(notificationsStore);
  return (
    <Screen title={t('m.notifications.title')}>
      {list.length === 0 ? <Empty text={t('m.notifications.empty')} /> : null}
      {list.map((item) => (
        <Card key={`${item.timestamp}-${item.text}`}>
          <Text style={[styles.text, { color: tone[item.color ?? 'info'] }]}>{item.text}</Text>
          <Text style={styles.muted}>{new Date(item.timestamp).toLocaleTimeString(locale)}</Text>
        </Card>
      ))}
    </Screen>
  );
}
