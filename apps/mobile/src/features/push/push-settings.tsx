import { useEffect, useState } from 'react';
import { Linking, Switch, Text, View } from 'react-native';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PUSH_KINDS,
  type PushKind,
  type PushSettings,
  type PushSettingsResponse,
} from '@meeet/core/api/push';
import { useI18n, type TextKey } from '../../lib/i18n.ts';
import {
  enablePush,
  fetchPushSettings,
  pushPermission,
  savePushSettings,
  type PushPermission,
} from '../../lib/push.ts';
import { Button, Card, ErrorBox, Notice, styles } from '../../components/ui.tsx';

const KIND_LABELS: Record<PushKind, TextKey> = {
  messages: 'm.push.kind.messages',
  meetings: 'm.push.kind.meetings',
  money: 'm.push.kind.money',
  kyc: 'm.push.kind.kyc',
  news: 'm.push.kind.news',
};

const SETTINGS_KEY = ['push-settings'];

/** Whether iOS lets the app notify, asked again when the screen comes back. */
export function usePushPermission(): [PushPermission | null, (next: PushPermission) => void] {
  const [permission, setPermission] = useState<PushPermission | null>(null);
  useEffect(() => {
    let live = true;
    void pushPermission().then((value) => live && setPermission(value));
    return () => {
      live = false;
    };
  }, []);
  return [permission, setPermission];
}

/** Settings' notifications part: why and how to turn pushes on, then a switch per kind. */
export function PushSettingsCard() {
  const { t } = useI18n();
  const [permission, setPermission] = usePushPermission();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function turnOn() {
    setAsking(true);
    setFailed(null);
    try {
      setPermission(await enablePush());
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setAsking(false);
    }
  }

  return (
    <Card>
      <Text style={[styles.text, { fontWeight: '700' }]}>{t('m.push.title')}</Text>
      {permission === 'unavailable' ? (
        <Text style={styles.muted}>{t('m.push.unavailable')}</Text>
      ) : null}
      {permission === 'undetermined' ? (
        <>
          <Text style={styles.text}>{t('m.push.why')}</Text>
          <Button label={t('m.push.turn-on')} onPress={() => void turnOn()} disabled={asking} />
        </>
      ) : null}
      {permission === 'denied' ? (
        <>
          <Notice tone="warning" text={t('m.push.denied')} />
          <Button
            label={t('m.push.open-settings')}
            variant="secondary"
            onPress={() => void Linking.openSettings()}
          />
        </>
      ) : null}
      {failed ? <ErrorBox message={failed} /> : null}
      {permission === 'granted' ? <PushKinds /> : null}
    </Card>
  );
}

/** A switch per kind, saved as the user flips it. */
function PushKinds() {
  const { t } = useI18n();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchPushSettings });
  const save = useMutation({
    mutationFn: savePushSettings,
    // Nothing reads a finished save again; no five-minute timer keeps it.
    gcTime: 0,
    onSuccess: (saved) => client.setQueryData<PushSettingsResponse>(SETTINGS_KEY, saved),
  });
  // The switches as flipped, held until the save settles: the mutation's own state arrives a
  // tick later, and a controlled switch would flick back meanwhile.
  const [flipped, setFlipped] = useState<PushSettings | null>(null);
  // No spinner of its own: the screen shows one while the account loads.
  if (settings.isPending) return null;
  if (settings.isError) {
    return <ErrorBox message={settings.error.message} onRetry={() => void settings.refetch()} />;
  }
  const current = flipped ?? settings.data.settings;
  const flip = (next: PushSettings) => {
    setFlipped(next);
    save.mutate(next, { onSettled: () => setFlipped(null) });
  };
  return (
    <View>
      {settings.data.enabled ? null : <Notice text={t('m.push.server-off')} />}
      {PUSH_KINDS.map((kind) => (
        <View key={kind} style={[styles.row, { justifyContent: 'space-between' }]}>
          <Text style={[styles.text, { flex: 1 }]}>{t(KIND_LABELS[kind])}</Text>
          <Switch
            accessibilityLabel={t(KIND_LABELS[kind])}
            value={current[kind]}
            onValueChange={(value) => flip({ ...current, [kind]: value })}
          />
        </View>
      ))}
      {save.isError ? <ErrorBox message={save.error.message} /> : null}
    </View>
  );
}
