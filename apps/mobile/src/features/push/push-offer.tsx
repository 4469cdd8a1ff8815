import { useState } from 'react';
import { Text } from 'react-native';
import { useI18n } from '../../lib/i18n.ts';
import { enablePush } from '../../lib/push.ts';
import { Button, Card, styles } from '../../components/ui.tsx';
import { usePushPermission } from './push-settings.tsx';

/**
 * Offered under a conversation once the user has written: the moment a push is plainly
 * useful (hearing the answer with the app closed). Shown while iOS has not been asked yet.
 */
export function PushOffer({ name }: { name: string }) {
  const { t } = useI18n();
  const [permission, setPermission] = usePushPermission();
  const [dismissed, setDismissed] = useState(false);
  if (permission !== 'undetermined' || dismissed) return null;
  return (
    <Card>
      <Text style={styles.text}>{t('m.push.offer', { name })}</Text>
      <Button
        label={t('m.push.turn-on')}
        onPress={() => void enablePush().then(setPermission, () => setDismissed(true))}
      />
      <Button label={t('m.push.not-now')} variant="secondary" onPress={() => setDismissed(true)} />
    </Card>
  );
}
