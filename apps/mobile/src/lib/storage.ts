import * as SecureStore from 'expo-secure-store';
import type { StorageKey } from './storage-keys.ts';

/**
 * The device's secure store (iOS Keychain): the auth record and the socket's accessKey are
 * secrets, the fingerprint must survive a reinstall's cache wipe. The web build has its own
 * implementation (storage.web.ts).
 */
export async function readItem(key: StorageKey): Promise<string | null> {
  return SecureStore.getItemAsync(key);
}

export async function writeItem(key: StorageKey, value: string): Promise<void> {
  await SecureStore.setItemAsync(key, value, {
    keychainAccessible: SecureStore.AFTER_FIRST_UNLOCK_THIS_DEVICE_ONLY,
  });
}

export async function removeItem(key: StorageKey): Promise<void> {
  await SecureStore.deleteItemAsync(key);
}
