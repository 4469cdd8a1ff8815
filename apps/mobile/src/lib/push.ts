import { Platform } from 'react-native';
import * as Notifications from 'expo-notifications';
import {
  pushDataSchema,
  pushSettingsResponseSchema,
  type PushSettings,
} from '@meeet/core/api/push';
import { pushPaths } from '@meeet/core/api/push-paths';
import { api, unwrap } from './api.ts';
import { readItem, removeItem, writeItem } from './storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * Push notifications on the phone (issue 43). The permission is asked only when the user asks
 * for pushes (the settings' switch, or the offer after a first chat message), never at launch.
 * `unavailable`: not an iPhone (the web build), where the server sends no pushes.
 */
export type PushPermission = 'granted' | 'denied' | 'undetermined' | 'unavailable';

export function pushAvailable(): boolean {
  return Platform.OS === 'ios';
}

export async function pushPermission(): Promise<PushPermission> {
  if (!pushAvailable()) return 'unavailable';
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted' ? 'granted' : status === 'denied' ? 'denied' : 'undetermined';
}

/** Hands the phone's APNs token to the server for the signed-in account. */
async function registerToken(): Promise<void> {
  const device = await Notifications.getDevicePushTokenAsync();
  const token = String(device.data);
  await unwrap(api.put(pushPaths.token, { token, platform: 'ios' }));
  await writeItem(STORAGE_KEYS.pushToken, token);
}

/** Asks iOS (once; later iOS answers by itself) and registers the token when allowed. */
export async function enablePush(): Promise<PushPermission> {
  if (!pushAvailable()) return 'unavailable';
  const { status } = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowBadge: false },
  });
  if (status !== 'granted') return status === 'denied' ? 'denied' : 'undetermined';
  await registerToken();
  return 'granted';
}

/**
 * On every signed-in start: iOS may have given the app a new token, so a permission granted
 * before is registered again. Asks nothing.
 */
export async function refreshPushToken(): Promise<void> {
  if ((await pushPermission()) === 'granted') await registerToken();
}

/** Before signing out: the next account on this phone must not hear this one's messages. */
export async function forgetPushToken(): Promise<void> {
  const token = await readItem(STORAGE_KEYS.pushToken);
  if (!token) return;
  await api.delete(pushPaths.token, { token, platform: 'ios' });
  await removeItem(STORAGE_KEYS.pushToken);
}

export function fetchPushSettings() {
  return unwrap(api.get(pushPaths.settings, undefined, pushSettingsResponseSchema));
}

export function savePushSettings(settings: PushSettings) {
  return unwrap(api.put(pushPaths.settings, settings, pushSettingsResponseSchema));
}

/**
 * With the app open the socket tells everything in-app (the server sends no push then); a push
 * that arrives as the app opens is listed, not shown twice. A tap opens where it points.
 */
export function followPushes(open: (link: string) => void): () => void {
  if (!pushAvailable()) return () => undefined;
  Notifications.setNotificationHandler({
    handleNotification: async () => ({
      shouldShowBanner: false,
      shouldShowList: true,
      shouldPlaySound: false,
      shouldSetBadge: false,
    }),
  });
  const subscription = Notifications.addNotificationResponseReceivedListener((response) => {
    const data = pushDataSchema.safeParse(response.notification.request.content.data);
    if (data.success && data.data.link) open(data.data.link);
  });
  return () => subscription.remove();
}
