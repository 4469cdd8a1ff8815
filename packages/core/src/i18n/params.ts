import { localizeNumberText, type NumberParam } from '../format/number.ts';
import type { Locale } from './locale.ts';

// The number a message quotes is defined beside its formatting (one direction: i18n → format).
export type { NumberParam };

/** What an error may quote: nothing that JSON cannot carry between processes. */
export type ErrorParam = string | number | NumberParam;
export type MessageParam = ErrorParam | bigint;
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A parameter's text in the reader's language; without one, numbers keep the spec's text. */
export function paramText(value: MessageParam, locale?: Locale): string {
  if (typeof value !== 'object') return String(value);
  const text = locale ? localizeNumberText(value.number, locale) : value.number;
  return value.unit ? `${text} ${value.unit}` : text;
}

/** Every parameter as text in the reader's language (for a client's own message library). */
export function paramTexts(
  params: Readonly<Record<string, MessageParam>>,
  locale?: Locale,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, paramText(value, locale)]),
  );
}
