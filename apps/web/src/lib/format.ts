import { useMemo } from 'react';
import { useTranslation } from '../i18n/react.ts';
import { formatDate, formatDateTime, formatDay } from '@meeet/core/format/date';
import { formatNumber, formatTokenAmount } from '@meeet/core/format/number';
import { resolveLocale, type Locale } from '@meeet/core/i18n/locale';

export interface Formatters {
  locale: Locale;
  /** Smallest units → the spec's display rule in the reader's language ('1,234.5' / '1 234,5'). */
  amount: (units: bigint | string | null | undefined, decimals?: number) => string;
  number: (value: unknown) => string;
  date: (value: Date | string | number | null | undefined) => string;
  dateTime: (value: Date | string | number | null | undefined) => string;
  /** A UTC calendar day ('2026-10-29', as the API's daily figures name it) → 'Oct 29'. */
  day: (value: string) => string;
}

export function formatters(locale: Locale): Formatters {
  return {
    locale,
    amount: (units, decimals = 18) => formatTokenAmount(units, decimals, locale),
    number: (value) => formatNumber(value, locale),
    date: (value) => formatDate(value, locale),
    dateTime: (value) => formatDateTime(value, locale),
    day: (value) => formatDay(value, locale, 'UTC'),
  };
}

/**
 * The one number and date format of the interface language (core format/number.ts and
 * format/date.ts): every amount, count and date on a page goes through here.
 */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  return useMemo(() => formatters(locale), [locale]);
}
