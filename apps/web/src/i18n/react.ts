// The React side of the app's translator (./translator.ts), with react-i18next's names so the
// screens keep `import { useTranslation } from './react.ts'`: the bundler, the type checker
// and the tests resolve that name to this file (apps/web/build/aliases.ts, tsconfig paths).
import { use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import i18n from './i18n.ts';
import type { TFunction, Translator } from './translator.ts';

const subscribe = (notify: () => void) => {
  i18n.on('languageChanged', notify);
  return () => i18n.off('languageChanged', notify);
};
const languageOf = () => i18n.language;

export interface UseTranslationResponse {
  t: TFunction;
  i18n: Translator;
  ready: true;
}

/**
 * `t` for the namespaces (the first is where keys are looked up first; default `common`).
 * Suspends until their strings are in for the language shown, and re-renders on a language
 * change.
 */
export function useTranslation(ns?: string | readonly string[]): UseTranslationResponse {
  const language = useSyncExternalStore(subscribe, languageOf, languageOf);
  const namespaces = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  const names = namespaces.join(',');
  if (namespaces.some((namespace) => !i18n.hasLoadedNamespace(namespace, language))) {
    use(i18n.ensure(namespaces, language));
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `names` stands for `namespaces`
  const t = useMemo(() => i18n.getFixedT(namespaces), [names, language]);
  return { t, i18n, ready: true };
}

/** The translator is one per app; the provider only keeps react-i18next's shape. */
export function I18nextProvider({ children }: { i18n?: Translator; children?: ReactNode }) {
  return children;
}
