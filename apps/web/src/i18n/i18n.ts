import { LOCALES, isLocale, resolveLocale, type Locale } from '@meeet/core/i18n/locale';
import { whenPageHydrated } from '../lib/hydration.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '../lib/storage.ts';
import en from './locales/en.ts';
import { Translator, type Strings } from './translator.ts';

/*
 * Namespaces:
 *   core    — the shared catalogue of packages/core (validation, error and market messages),
 *             so the web shows exactly the words the server answers with:
 *             useTranslation(['<feature>', 'core']) or t(key, { ns: 'core' }).
 *   common  — the shell's own strings (src/i18n/locales/{en,ru}.ts). English is bundled as
 *             the fallback; another language is fetched before the first render.
 *   The translator is the app's own (./translator.ts), with i18next's method names.
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

type StringsModule = { default: Strings };

// Every feature's strings, one lazy chunk per feature and language (namespace = folder name).
const featureStrings = import.meta.glob<StringsModule>('../features/*/locales/*.ts');
// Shared pieces used by several features (components/<folder>/locales) load the same way.
const componentStrings = import.meta.glob<StringsModule>('../components/*/locales/*.ts');
// English is bundled (above), so only the other languages are chunks.
const shellStrings = import.meta.glob<StringsModule>(['./locales/*.ts', '!./locales/en.ts']);

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

const i18n = new Translator({
  language: detectInitialLocale(),
  languages: LOCALES,
  fallbackLanguage: 'en',
  defaultNamespace: 'common',
  load: loadStrings,
});
// English shell strings are bundled so a failed chunk still leaves readable text; other
// namespaces suspend the lazy page that asks for them until their chunk arrives.
i18n.addResourceBundle('en', 'common', en);

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Resolves when the start-up language's shell strings are in; render after it. */
export const i18nReady: Promise<void> = i18n.loadNamespaces('common');

/** Switches the interface language and remembers the choice (spec §1 stored locale). */
export async function setLocale(locale: Locale): Promise<void> {
  writeStorage(STORAGE_KEYS.locale, locale);
  // On a prerendered page still hydrating, the switch waits until it is done (lib/hydration.ts).
  await new Promise<void>((done) => whenPageHydrated(done));
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : 'en';
}

export default i18n;
