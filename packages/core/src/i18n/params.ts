import { localizeNumberText } from '../format/number.ts';
import type { Locale } from './locale.ts';

/**
 * A number a message quotes, in the spec's display text ('1234.5', '0.0⁶12'), written the way
 * the reader's language writes numbers when the message is translated, with its unit after it.
 * For messages made before their reader's language is known (a server's errors): a plain object,
 * so it survives JSON and the structured clone.
 */
export interface NumberParam {
  readonly number: string;
  readonly unit?: string;
}

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
