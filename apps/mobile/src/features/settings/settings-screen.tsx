import { useEffect, useState } from 'react';
import { Switch, Text, View } from 'react-native';
import { useQuery } from '@tanstack/react-query';
import { userPrivateSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { LOCALES } from '@meeet/core/i18n/locale';
import { api, unwrap } from '../../lib/api.ts';
import { emit } from '../../lib/socket.ts';
import { ghostPreference, setGhostPreference } from '../../lib/ghost.ts';
import { useI18n } from '../../lib/i18n.ts';
import { chooseLocale } from '../../lib/locale-state.ts';
import { forgetPushToken } from '../../lib/push.ts';
import { saveUser, signOut } from '../../lib/session.ts';
import { useStore } from '../../lib/store.ts';
import { Button, Card, Chip, ErrorBox, Loading, Screen, styles } from '../../components/ui.tsx';
import { PushSettingsCard } from '../push/push-settings.tsx';
import { AdsSetting } from '../ads/ads-setting.tsx';
import { HouseAd } from '../ads/house-ad.tsx';
import { BlockedPeople } from './blocked-people.tsx';
import { AccountActions } from '../account/account-actions.tsx';
import { SessionsList } from './sessions-list.tsx';

const LANGUAGE_NAMES = { en: 'English', ru: 'Русский' } as const;

/** Time left on the device lock (spec §4 timer, 72 h at most), ticking each minute. */
export function useRemaining(until: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Date.parse(until) - now) : 0;
}

/** How long this phone stays bound to the account after a phone change (the spec §4 device lock). */
function DeviceLockCard({ until }: { until: string | null | undefined }) {
  const { t } = useI18n();
  const remaining = useRemaining(until);
  const hours = Math.floor(remaining / 3_600_000);
  const minutes = Math.floor((remaining % 3_600_000) / 60_000);
  return (
    <Card>
      <Text style={[styles.text, { fontWeight: '700' }]}>{t('m.settings.device-lock')}</Text>
      <Text style={styles.text}>
        {remaining > 0
          ? t('m.settings.device-lock.until', { hours, minutes })
          : t('m.settings.device-lock.none')}
      </Text>
    </Card>
  );
}

export function SettingsScreen({
  onNotifications,
  onDeleteAccount,
  onKyc,
}: {
  onNotifications: () => void;
  /** Open the account deletion and KYC screens (issue 43). */
  onDeleteAccount?: () => void;
  onKyc?: () => void;
}) {
  const { t, locale } = useI18n();
  const ghost = useStore(ghostPreference);
  const me = useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const user = await unwrap(api.get(userPaths.me, undefined, userPrivateSchema));
      await saveUser(user);
      return user;
    },
  });

  async function language(next: (typeof LOCALES)[number]) {
    await chooseLocale(next);
    // The server writes mails and pushes in the account's language too.
    await api.post(userPaths.profileUpdate, { locale: next });
  }

  async function toggleGhost(value: boolean) {
    await setGhostPreference(value);
    // Only a raised hand can go ghost; otherwise it applies when the hand goes up.
    await emit('hand:ghost', { ghost: value });
  }

  return (
    <Screen title={t('m.settings.title')}>
      {me.isPending ? <Loading /> : null}
      {me.isError ? (
        <ErrorBox message={me.error.message} onRetry={() => void me.refetch()} />
      ) : null}
      {me.data ? (
        <Text style={styles.muted}>{t('m.settings.account', { email: me.data.email })}</Text>
      ) : null}
      <Text style={styles.label}>{t('m.settings.language')}</Text>
      <View style={styles.row}>
        {LOCALES.map((value) => (
          <Chip
            key={value}
            label={LANGUAGE_NAMES[value]}
            selected={locale === value}
            onPress={() => void language(value)}
          />
        ))}
      </View>
      <View style={[styles.row, { justifyContent: 'space-between' }]}>
        <Text style={[styles.text, { flex: 1 }]}>{t('m.settings.ghost')}</Text>
        <Switch
          accessibilityLabel={t('m.settings.ghost')}
          value={ghost}
          onValueChange={(value) => void toggleGhost(value)}
        />
      </View>
      {me.data ? <DeviceLockCard until={me.data.deviceLockUntil} /> : null}
      <AdsSetting />
      <PushSettingsCard />
      <BlockedPeople />
      <SessionsList />
      <Button label={t('m.notifications.title')} onPress={onNotifications} variant="secondary" />
      <AccountActions onDeleteAccount={onDeleteAccount} onKyc={onKyc} />
      <Button
        label={t('m.settings.sign-out')}
        // The phone stops hearing this account's pushes; signing out goes on if that fails.
        onPress={() => void forgetPushToken().finally(() => void signOut())}
        variant="danger"
      />
      <HouseAd />
    </Screen>
  );
}
