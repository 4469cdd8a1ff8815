import { useEffect } from 'react';
import { Redirect, Stack, router } from 'expo-router';
import { isProfileComplete } from '@meeet/core/rules/profile';
import { useSession } from '../../src/lib/session.ts';
import { connect, on } from '../../src/lib/socket.ts';
import { pushNotification } from '../../src/lib/notifications.ts';
import { followPushes, refreshPushToken } from '../../src/lib/push.ts';
import { useI18n } from '../../src/lib/i18n.ts';
import { colors } from '../../src/components/ui.tsx';
import { VerifyEmailScreen } from '../../src/features/auth/verify-email-screen.tsx';
import { CompleteProfileScreen } from '../../src/features/auth/complete-profile-screen.tsx';
import { followHand } from '../../src/features/map/hand-state.ts';
import { AccountNotice } from '../../src/features/account/account-notice.tsx';

function Connected() {
  const { t } = useI18n();
  useEffect(() => {
    // Before connecting: the hand's state comes as the socket connects.
    const stopFollowingHand = followHand();
    connect();
    const offNotification = on('notification', pushNotification);
    // A permission given before: iOS may have rotated the token. A tapped push opens its screen.
    void refreshPushToken().catch(() => undefined);
    const stopFollowingPushes = followPushes((link) => router.push(link));
    return () => {
      offNotification();
      stopFollowingPushes();
      stopFollowingHand();
    };
  }, []);
  return (
    <>
      <Stack
        screenOptions={{
          headerStyle: { backgroundColor: colors.background },
          headerTintColor: colors.text,
          contentStyle: { backgroundColor: colors.background },
          headerBackTitle: t('m.common.back'),
        }}
      >
        <Stack.Screen name="(tabs)" options={{ headerShown: false }} />
        <Stack.Screen name="person/[userId]" options={{ title: t('m.person.title') }} />
        <Stack.Screen name="chat/[userId]" options={{ title: t('m.tabs.chats') }} />
        <Stack.Screen name="notifications" options={{ title: t('m.notifications.title') }} />
        <Stack.Screen name="account-deletion" options={{ title: t('m.account.delete.title') }} />
        <Stack.Screen name="kyc" options={{ title: t('m.kyc.title') }} />
      </Stack>
      <AccountNotice />
    </>
  );
}

/**
 * Signed-in area (spec §2 login required). A hand needs a confirmed e-mail and a complete
 * profile (spec §4), so those screens come first.
 */
export default function AppLayout() {
  const { auth } = useSession();
  if (!auth) return <Redirect href="/sign-in" />;
  if (!auth.user.emailVerified) return <VerifyEmailScreen />;
  if (!isProfileComplete(auth.user)) return <CompleteProfileScreen />;
  return <Connected />;
}
