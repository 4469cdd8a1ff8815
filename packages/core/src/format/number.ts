import { unitsToDecimal } from '../rules/amount.ts';
import type { Locale } from '../i18n/locale.ts';

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

/** What non-numeric input shows (spec §9). */
export const NON_NUMERIC_DISPLAY = '0.00';
/** A run of at least this many zeros right after the decimal point is shortened. */
export const ZERO_RUN_MIN = 5;
/** Significant digits kept for a value too small to show at 4 decimals. */
export const SMALL_SIGNIFICANT_DIGITS = 4;

const SUPERSCRIPT_DIGITS = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'] as const;

// Beyond this exponent a string is certainly not an amount; refusing it keeps the digit
// strings (and the time spent building them) bounded.
const MAX_EXPONENT = 1000;
const NUMERIC_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** An exact decimal: (negative ? -1 : 1) * units / 10^scale. */
interface Decimal {
  negative: boolean;
  units: bigint;
  scale: number;
}

function parseDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint')
    return { negative: value < 0n, units: value < 0n ? -value : value, scale: 0 };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() of a double is the shortest text that round-trips, possibly in e-notation.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = NUMERIC_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let digits = whole + fraction;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { negative: sign === '-', units: BigInt(digits), scale };
}

/** Round half away from zero to `decimals` places (units are non-negative here). */
function roundTo(value: Decimal, decimals: number): Decimal {
  if (value.scale <= decimals) {
    return {
      ...value,
      units: value.units * 10n ** BigInt(decimals - value.scale),
      scale: decimals,
    };
  }
  const divisor = 10n ** BigInt(value.scale - decimals);
  let units = value.units / divisor;
  if ((value.units % divisor) * 2n >= divisor) units += 1n;
  return { negative: value.negative, units, scale: decimals };
}

/** Decimal text with trailing zeros dropped; optionally the zero run of a value below 1 shortened. */
function render(value: Decimal, compressZeros: boolean): string {
  const base = 10n ** BigInt(value.scale);
  const whole = (value.units / base).toString();
  let fraction =
    value.scale === 0 ? '' : (value.units % base).toString().padStart(value.scale, '0');
  fraction = fraction.replace(/0+$/, '');
  if (compressZeros && whole === '0') {
    const zeros = fraction.length - fraction.replace(/^0+/, '').length;
    if (zeros >= ZERO_RUN_MIN) fraction = `0${toSuperscript(zeros)}${fraction.slice(zeros)}`;
  }
  const sign = value.negative && value.units !== 0n ? '-' : '';
  return sign + whole + (fraction === '' ? '' : `.${fraction}`);
}

function toSuperscript(count: number): string {
  return Array.from(String(count), (digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join('');
}

/**
 * Spec §9 number display, exact for any input (no floating-point maths on the digits):
 * - non-numeric (null, NaN, Infinity, '', 'abc', objects) → '0.00';
 * - absolute value above 1 → rounded to at most 2 decimals ('12.5', '100', '1234.57');
 * - otherwise → rounded to at most 4 decimals ('0.5', '0.0012', '1');
 * - except that a non-zero value that would show as 0 at 4 decimals (below 0.00005) keeps its
 *   leading zeros plus up to 4 significant digits, so it never reads as nothing
 *   ('0.00001234');
 * - and a run of 5 or more zeros right after the decimal point is written as one '0'
 *   followed by the run length in superscript digits: 0.00000012 → '0.0⁶12'
 *   (read: 0, point, six zeros, 12).
 * Rounding is half away from zero; trailing zeros are dropped; negative values keep their
 * sign unless they round to zero. Strings may use e-notation ('1.2e-7'); no grouping.
 */
export function formatNumber(value: unknown, locale?: Locale): string {
  const text = specNumber(value);
  return locale ? localizeNumberText(text, locale) : text;
}

/**
 * The decimal and group separators of each interface language (CLDR's, as `Intl` uses):
 * English 1,234.5; Russian 1 234,5 with a no-break space, so a number never wraps.
 */
export const NUMBER_SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
};

/**
 * The spec's display text ('-1234.5', '0.0⁶12') written the way a language writes numbers:
 * thousands grouped, its decimal sign. Text that is not such a number is returned unchanged.
 */
export function localizeNumberText(text: string, locale: Locale): string {
  const match = /^(-?)(\d+)(?:\.(.+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction] = match;
  const { group, decimal } = NUMBER_SEPARATORS[locale];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

function specNumber(value: unknown): string {
  const decimal = parseDecimal(value);
  if (!decimal) return NON_NUMERIC_DISPLAY;
  const one = 10n ** BigInt(decimal.scale);
  if (decimal.units > one) return render(roundTo(decimal, 2), false);

  const atFour = roundTo(decimal, 4);
  if (atFour.units !== 0n || decimal.units === 0n) return render(atFour, false);

  const leadingZeros = decimal.scale - decimal.units.toString().length;
  return render(roundTo(decimal, leadingZeros + SMALL_SIGNIFICANT_DIGITS), true);
}

/**
 * Token amount in smallest units (bigint or an integer string, e.g. from JSON) shown with
 * formatNumber, exact for any size (unitsToDecimal, no floating point). Non-integer input
 * shows '0.00'.
 */
export function formatTokenAmount(
  units: bigint | string | null | undefined,
  decimals = 18,
  /** The reader's language: grouped thousands and its decimal sign; none = the raw rule. */
  locale?: Locale,
): string {
  let amount: bigint;
  if (typeof units === 'bigint') {
    amount = units;
  } else if (typeof units === 'string' && /^-?\d+$/.test(units.trim())) {
    amount = BigInt(units.trim());
  } else {
    return formatNumber(null, locale);
  }
  if (!Number.isInteger(decimals) || decimals < 0) return formatNumber(null, locale);
  return formatNumber(unitsToDecimal(amount, decimals), locale);
}

/**
 * A token amount (smallest units) as a message parameter, written in the reader's language once
 * the message is translated (see `NumberParam`), e.g. `{ number: '0.0002', unit: 'BNB' }`.
 */
export function tokenAmountParam(units: bigint | string, unit: string, decimals = 18): NumberParam {
  return { number: formatTokenAmount(units, decimals), unit };
}
