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

/** A settled promise React reads without waiting (it checks `status` first). */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), {
  status: 'fulfilled',
  value: undefined,
});

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
  // `use` on every render, not only while strings are missing: a component replayed after the
  // strings arrived must call it again at the same place, else React takes the hooks after it
  // for updates of hooks never mounted ("Update hook called on initial render", seen when a
  // prerendered page hydrated while its strings were loading).
  use(
    namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace, language))
      ? LOADED
      : i18n.ensure(namespaces, language),
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `names` stands for `namespaces`
  const t = useMemo(() => i18n.getFixedT(namespaces), [names, language]);
  return { t, i18n, ready: true };
}

/** The translator is one per app; the provider only keeps react-i18next's shape. */
export function I18nextProvider({ children }: { i18n?: Translator; children?: ReactNode }) {
  return children;
}
