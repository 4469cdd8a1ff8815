import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, resolveLocale, type Locale } from '@meeet/core/i18n/locale';
import { messages } from '@meeet/core/i18n/messages';
import { STORAGE_KEYS, readStorage, writeStorage } from '../lib/storage.ts';
import en from './locales/en.ts';
import ru from './locales/ru.ts';

/*
 * Namespaces:
 *   core    — the shared catalogue of packages/core (validation, error and market messages),
 *             so the web shows exactly the words the server answers with.
 *   common  — the shell's own strings (src/i18n/locales/{en,ru}.ts).
 *   <feature> — added by the feature itself so its text ships in its lazy chunk. A feature
 *             folder may hold an `i18n.ts` that, at import time, calls
 *               i18n.addResourceBundle('en', '<feature>', enResources, true, true);
 *               i18n.addResourceBundle('ru', '<feature>', ruResources, true, true);
 *             and exports nothing; the feature's page imports it for its side effect
 *             (`import './i18n.ts'`) and reads text with useTranslation('<feature>').
 * Keys are flat ('nav.market') and placeholders single-braced ('{count}') to match core.
 */

export function detectInitialLocale(): Locale {
  return resolveLocale(readStorage(STORAGE_KEYS.locale), globalThis.navigator?.language);
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { core: messages.en, common: en },
    ru: { core: messages.ru, common: ru },
  },
  lng: detectInitialLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  ns: ['common', 'core'],
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  // Resources are bundled, so init finishes synchronously and the first render has text.
  initAsync: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the interface language and remembers the choice (spec §1 stored locale). */
export async function setLocale(locale: Locale): Promise<void> {
  writeStorage(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : 'en';
}

export default i18n;
