export type AmountError =
  'msg.required' | 'msg.invalid-amount' | 'msg.amount-not-positive' | 'msg.amount-too-precise';

/** Longest amount text accepted: 78 digits fit numeric(78,0), plus a point and 18 decimals. */
export const AMOUNT_MAX_LENGTH = 100;

const DECIMAL_TEXT = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * A token amount typed by a person ('12.5', '0.000001', '100') → smallest units, exactly (no
 * floating point). Refuses empty, non-numeric, signed, e-notation, negative, zero and more
 * than `decimals` fractional digits, each with its own message key.
 */
export function parseTokenAmount(
  text: unknown,
  decimals = 18,
): { ok: true; units: bigint } | { ok: false; error: AmountError } {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, error: 'msg.required' };
  const value = text.trim();
  if (value.length > AMOUNT_MAX_LENGTH) return { ok: false, error: 'msg.invalid-amount' };
  if (/^-\s*[\d.]/.test(value)) return { ok: false, error: 'msg.amount-not-positive' };
  const match = DECIMAL_TEXT.exec(value);
  if (!match) return { ok: false, error: 'msg.invalid-amount' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, error: 'msg.amount-too-precise' };
  const units =
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (units === 0n) return { ok: false, error: 'msg.amount-not-positive' };
  return { ok: true, units };
}

/** Smallest units → plain decimal text without trailing zeros ('12.5'); exact. */
export function unitsToDecimal(units: bigint, decimals = 18): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / base}${fraction ? `.${fraction}` : ''}`;
}
