import type { Locale } from '../i18n/locale.ts';

// One date format per interface language, used everywhere a date or time is shown (wallet
// history, news, moderation, account). `Intl` with a fixed regional tag per language, so the
// same language reads the same on every browser: English "Nov 23, 2026, 2:05 PM", Russian
// "23 нояб. 2026 г., 14:05". Invalid input shows '—'.

/** The regional tag each interface language is formatted with. */
export const DATE_LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU' };

const INVALID = '—';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], options);
    cache.set(key, format);
  }
  return format;
}

/** A calendar date: "Nov 23, 2026" / "23 нояб. 2026 г.". */
export function formatDate(value: DateInput, locale: Locale, timeZone?: string): string {
  const date = toDate(value);
  return date
    ? formatter(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date)
    : INVALID;
}

/** A moment: "Nov 23, 2026, 2:05 PM" / "23 нояб. 2026 г., 14:05". */
export function formatDateTime(value: DateInput, locale: Locale, timeZone?: string): string {
  const date = toDate(value);
  return date
    ? formatter(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(timeZone ? { timeZone } : {}),
      }).format(date)
    : INVALID;
}

/** A day without its year, for chart axes and short lists: "Nov 21" / "21 нояб.". */
export function formatDay(value: DateInput, locale: Locale, timeZone?: string): string {
  const date = toDate(value);
  return date
    ? formatter(locale, {
        month: 'short',
        day: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      }).format(date)
    : INVALID;
}

/** A time of day, for chat messages: "2:05 PM" / "14:05". */
export function formatTime(value: DateInput, locale: Locale, timeZone?: string): string {
  const date = toDate(value);
  return date
    ? formatter(locale, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date)
    : INVALID;
}

/**
 * Whole calendar days from `value` back to `now` on the device's clock: 0 today, 1 yesterday.
 * Null for what is not a date. Chat day separators name 0 and 1 and date the rest.
 */
export function calendarDaysAgo(value: DateInput, now: Date = new Date()): number | null {
  const date = toDate(value);
  if (!date) return null;
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((midnight(now) - midnight(date)) / 86_400_000);
}
