import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, resolveLocale, type Locale } from '@meeet/core/i18n/locale';
import { STORAGE_KEYS, readStorage, writeStorage } from '../lib/storage.ts';
import en from './locales/en.ts';

/*
 * Namespaces:
 *   core    — the shared catalogue of packages/core (validation, error and market messages),
 *             so the web shows exactly the words the server answers with:
 *             useTranslation(['<feature>', 'core']) or t(key, { ns: 'core' }).
 *   common  — the shell's own strings (src/i18n/locales/{en,ru}.ts). English is bundled as
 *             the fallback; another language is fetched before the first render.
 *   <feature> — src/features/<feature>/locales/{en,ru}.ts, default-exporting flat key → text
 *             (and src/components/<folder>/locales for a piece several features share).
 *             useTranslation('<feature>') fetches the current language's file on first use
 *             (and suspends the lazy page until then), so a visitor downloads one language of
 *             the features they open and nothing else.
 * Keys are flat ('nav.market') and placeholders single-braced ('{count}') to match core.
 */

export function detectInitialLocale(): Locale {
  // A link that names its language (`?lang=ru`, the hreflang addresses) opens in it.
  const requested = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
  if (isLocale(requested)) return requested;
  return resolveLocale(readStorage(STORAGE_KEYS.locale), globalThis.navigator?.language);
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

type Strings = Record<string, unknown>;
type StringsModule = { default: Strings };

// Every feature's strings, one lazy chunk per feature and language (namespace = folder name).
const featureStrings = import.meta.glob<StringsModule>('../features/*/locales/*.ts');
// Shared pieces used by several features (components/<folder>/locales) load the same way.
const componentStrings = import.meta.glob<StringsModule>('../components/*/locales/*.ts');
const shellStrings = import.meta.glob<StringsModule>('./locales/*.ts');

function loadStrings(language: string, namespace: string): Promise<Strings> | null {
  if (namespace === 'core') {
    return import('@meeet/core/i18n/messages').then(({ messages }) =>
      isLocale(language) ? messages[language] : {},
    );
  }
  const load =
    namespace === 'common'
      ? shellStrings[`./locales/${language}.ts`]
      : (featureStrings[`../features/${namespace}/locales/${language}.ts`] ??
        componentStrings[`../components/${namespace}/locales/${language}.ts`]);
  return load ? load().then((module) => module.default) : null;
}

/** An i18next backend that fetches a namespace's strings for one language on first use. */
const lazyStrings: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const pending = loadStrings(language, namespace);
    if (!pending) {
      callback(null, {});
      return;
    }
    pending.then(
      (strings) => callback(null, strings as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

const initialLocale = detectInitialLocale();

const initialised = i18n
  .use(lazyStrings)
  .use(initReactI18next)
  .init({
    resources: { en: { common: en } },
    partialBundledLanguages: true,
    lng: initialLocale,
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    ns: ['common'],
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    // English shell strings are bundled so a failed chunk still leaves readable text; other
    // namespaces suspend the lazy page that asks for them until their chunk arrives.
    react: { useSuspense: true },
    showSupportNotice: false,
  });

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Resolves when the start-up language's shell strings are in; render after it. */
export const i18nReady: Promise<void> = initialised.then(
  () => undefined,
  // A failed chunk load leaves the English fallback showing rather than a blank page.
  () => undefined,
);

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
