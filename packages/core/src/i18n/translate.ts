import { isLocale, type Locale } from './locale.ts';
import { messages, type MessageKey } from './messages.ts';
import { formatIcu } from './icu.ts';
import { paramText, type MessageParam, type MessageParams } from './params.ts';

export type { MessageParam, MessageParams, NumberParam } from './params.ts';

/**
 * Text for `key` in `locale`, falling back to English and then to the key itself, so a
 * missing translation shows something readable instead of failing. `{name}` placeholders are
 * filled from `params`; a placeholder without a value stays visible so the gap is noticed.
 * Keys are typed loosely because server errors carry keys as plain strings.
 */
export function translate(
  locale: Locale | (string & {}) | null | undefined,
  key: MessageKey | (string & {}),
  params?: MessageParams,
): string {
  const catalogue: Readonly<Record<string, string>> = isLocale(locale)
    ? messages[locale]
    : messages.en;
  const english: Readonly<Record<string, string>> = messages.en;
  const template = Object.hasOwn(catalogue, key)
    ? catalogue[key]
    : Object.hasOwn(english, key)
      ? english[key]
      : key;
  return interpolate(template ?? key, params, isLocale(locale) ? locale : 'en');
}

/** An ICU template filled from `params` (icu.ts); a missing value leaves its placeholder. */
export function interpolate(
  template: string,
  params?: MessageParams,
  locale: Locale = 'en',
): string {
  if (!params) return template;
  return formatIcu(template, params, locale, (value) => paramText(value as MessageParam, locale));
}

/** Placeholder names used in a template, in order of appearance, without duplicates. */
export function placeholdersOf(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(/\{(\w+)\}/g), (match) => match[1] ?? ''))];
}
