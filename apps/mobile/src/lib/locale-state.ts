import { getLocales } from 'expo-localization';
import { resolveLocale, type Locale } from '@meeet/core/i18n/locale';
import { readItem, writeItem } from './storage';
import { STORAGE_KEYS } from './storage-keys.ts';
import { createStore } from './store.ts';

/** Spec §1: a stored locale, else the device language (part before a hyphen), else English. */
export function deviceLocale(stored: string | null): Locale {
  const device = getLocales()[0];
  return resolveLocale(stored, device?.languageTag ?? device?.languageCode ?? null);
}

export const localeStore = createStore<Locale>(deviceLocale(null));

export function currentLocale(): Locale {
  return localeStore.get();
}

export async function restoreLocale(): Promise<void> {
  localeStore.set(deviceLocale(await readItem(STORAGE_KEYS.locale)));
}

export async function chooseLocale(locale: Locale): Promise<void> {
  localeStore.set(locale);
  await writeItem(STORAGE_KEYS.locale, locale);
}
