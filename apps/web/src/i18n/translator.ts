/*
 * The app's translator: the part of i18next the app used, in about a tenth of its size (the
 * first visit's JavaScript budget, issue 17). Namespaces of flat `key → text` strings loaded
 * per language on first use, ICU messages (core's i18n/icu.ts), English as the fallback, plural forms by
 * Intl.PluralRules (`key_one`, `key_few`, … when a catalogue has them), nested lookups and
 * whole objects on request (`keySeparator: '.'`, `returnObjects: true`), a default value.
 * React binds to it in ./react.ts.
 */

import { formatIcu } from '@meeet/core/i18n/icu';

export type Strings = Record<string, unknown>;

/** Fetches a namespace's strings in a language; null when there are none to fetch. */
export type StringsLoader = (language: string, namespace: string) => Promise<Strings> | null;

export interface TOptions {
  /** The namespace(s) to look in, first match wins; else the caller's default. */
  ns?: string | readonly string[];
  /** Picks the plural form (and fills `{count}`). */
  count?: number;
  /** Text when no catalogue has the key (placeholders are filled in it too). */
  defaultValue?: string;
  /** Returns the object or array under the key, every string in it filled. */
  returnObjects?: boolean;
  /** Splits the key into a path (`'.'`); keys are flat otherwise. */
  keySeparator?: string | false;
  [placeholder: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export interface TranslatorOptions {
  language: string;
  languages: readonly string[];
  fallbackLanguage: string;
  defaultNamespace: string;
  load: StringsLoader;
}

type Listener = (language: string) => void;

const bundleKey = (language: string, namespace: string) => `${language}|${namespace}`;

/** ICU messages (`{price, number}`, plurals, selects) by core's formatter, as in the app. */
function fill(template: string, values: TOptions, language: string): string {
  return formatIcu(template, values, language);
}

function fillDeep(value: unknown, values: TOptions, language: string): unknown {
  if (typeof value === 'string') return fill(value, values, language);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values, language));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillDeep(item, values, language)]),
    );
  }
  return value;
}

function lookup(strings: Strings | undefined, key: string, separator: string | false): unknown {
  if (!strings) return undefined;
  if (Object.hasOwn(strings, key) || !separator) return strings[key];
  let node: unknown = strings;
  for (const part of key.split(separator)) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export class Translator {
  /** The language shown. */
  language: string;
  private readonly options: TranslatorOptions;
  private readonly bundles = new Map<string, Strings>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Namespaces asked for so far: a language change fetches them in the new language first. */
  private readonly used: Set<string>;
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(options: TranslatorOptions) {
    this.options = options;
    this.language = options.language;
    this.used = new Set([options.defaultNamespace]);
  }

  /** The language shown (always one of the supported ones; kept for i18next's name). */
  get resolvedLanguage(): string {
    return this.language;
  }

  hasLoadedNamespace(namespace: string, language = this.language): boolean {
    return this.bundles.has(bundleKey(language, namespace));
  }

  /** Adds strings to a namespace (merged over what is there when `overwrite`). */
  addResourceBundle(
    language: string,
    namespace: string,
    strings: Strings,
    _deep?: boolean,
    overwrite = false,
  ): this {
    const key = bundleKey(language, namespace);
    const current = this.bundles.get(key) ?? {};
    this.bundles.set(key, overwrite ? { ...current, ...strings } : { ...strings, ...current });
    return this;
  }

  /**
   * Resolves when the namespaces are in for the language (the same promise while pending, so
   * React's `use` can wait on it). A namespace that fails to load counts as empty: its keys
   * show, rather than the page waiting forever.
   */
  ensure(namespaces: readonly string[], language = this.language): Promise<void> {
    for (const namespace of namespaces) this.used.add(namespace);
    const missing = namespaces.filter((namespace) => !this.hasLoadedNamespace(namespace, language));
    if (missing.length === 0) return Promise.resolve();
    const key = `${language}|${missing.join(',')}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = Promise.all(missing.map((namespace) => this.loadOne(language, namespace))).then(
        () => {
          this.loading.delete(key);
        },
      );
      this.loading.set(key, pending);
    }
    return pending;
  }

  private loadOne(language: string, namespace: string): Promise<void> {
    const key = `${language}|${namespace}`;
    const existing = this.loading.get(key);
    if (existing) return existing;
    const strings = this.options.load(language, namespace);
    if (!strings) {
      this.addResourceBundle(language, namespace, {});
      return Promise.resolve();
    }
    const pending = strings.then(
      (loaded) => {
        this.addResourceBundle(language, namespace, loaded);
        this.loading.delete(key);
      },
      (error: unknown) => {
        console.error(`strings ${namespace} (${language}) failed to load`, error);
        this.addResourceBundle(language, namespace, {});
        this.loading.delete(key);
      },
    );
    this.loading.set(key, pending);
    return pending;
  }

  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    return this.ensure(typeof namespaces === 'string' ? [namespaces] : namespaces);
  }

  /** Fetches the namespaces in use in the new language, then switches and tells listeners. */
  async changeLanguage(language: string): Promise<void> {
    const next = this.options.languages.includes(language)
      ? language
      : this.options.fallbackLanguage;
    await this.ensure([...this.used], next);
    if (next === this.language) return;
    this.language = next;
    for (const listener of this.listeners) listener(next);
  }

  /** i18next's event name; the one event there is. */
  on(_event: 'languageChanged', listener: Listener): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.listeners.delete(listener);
  }

  private plural(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  private find(key: string, namespaces: readonly string[], options: TOptions): unknown {
    const separator = options.keySeparator ?? false;
    const { language } = this;
    const { fallbackLanguage } = this.options;
    const languages = language === fallbackLanguage ? [language] : [language, fallbackLanguage];
    for (const namespace of namespaces) {
      for (const code of languages) {
        const strings = this.bundles.get(bundleKey(code, namespace));
        if (typeof options.count === 'number') {
          const form = lookup(strings, `${key}_${this.plural(code, options.count)}`, separator);
          if (form !== undefined) return form;
        }
        const value = lookup(strings, key, separator);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }

  /** The text for `key`, else `defaultValue`, else the key itself. */
  readonly t: TFunction = ((key: string, options: TOptions = {}) =>
    this.translate(key, [this.options.defaultNamespace], options)) as TFunction;

  /** A `t` whose default namespaces are these (what `useTranslation(ns)` hands out). */
  getFixedT(namespaces: readonly string[]): TFunction {
    return ((key: string, options: TOptions = {}) =>
      this.translate(key, namespaces, options)) as TFunction;
  }

  private translate(key: string, namespaces: readonly string[], options: TOptions): unknown {
    const { ns } = options;
    const found = this.find(
      key,
      ns === undefined ? namespaces : typeof ns === 'string' ? [ns] : ns,
      options,
    );
    const { language } = this;
    if (typeof found === 'string') return fill(found, options, language);
    if (found !== undefined && options.returnObjects) return fillDeep(found, options, language);
    if (options.defaultValue !== undefined) return fill(options.defaultValue, options, language);
    return key;
  }
}
