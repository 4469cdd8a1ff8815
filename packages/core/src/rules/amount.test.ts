import { describe, expect, it } from 'vitest';
import { formatUnits } from 'viem';
import { parseTokenAmount, unitsToDecimal } from './amount.ts';

describe('parseTokenAmount', () => {
  it('turns decimal text into exact smallest units', () => {
    expect(parseTokenAmount('1')).toEqual({ ok: true, units: 10n ** 18n });
    expect(parseTokenAmount(' 12.5 ')).toEqual({ ok: true, units: 125n * 10n ** 17n });
    expect(parseTokenAmount('0.000000000000000001')).toEqual({ ok: true, units: 1n });
    expect(parseTokenAmount('.5')).toEqual({ ok: true, units: 5n * 10n ** 17n });
    expect(parseTokenAmount('1.')).toEqual({ ok: true, units: 10n ** 18n });
    expect(parseTokenAmount('1.500000000000000000000')).toEqual({
      ok: true,
      units: 15n * 10n ** 17n,
    });
    expect(parseTokenAmount('2.25', 6)).toEqual({ ok: true, units: 2_250_000n });
  });

  it('refuses each kind of bad amount with its own key', () => {
    expect(parseTokenAmount('')).toEqual({ ok: false, error: 'msg.required' });
    expect(parseTokenAmount(undefined)).toEqual({ ok: false, error: 'msg.required' });
    expect(parseTokenAmount(5)).toEqual({ ok: false, error: 'msg.required' });
    for (const bad of ['abc', '1e3', '0x10', '1,5', '+1', '1.2.3', 'NaN', 'Infinity', '.', '- ']) {
      expect(parseTokenAmount(bad), bad).toEqual({ ok: false, error: 'msg.invalid-amount' });
    }
    for (const bad of ['0', '0.0', '-1', '-0.5', '000']) {
      expect(parseTokenAmount(bad), bad).toEqual({ ok: false, error: 'msg.amount-not-positive' });
    }
    expect(parseTokenAmount('0.0000000000000000001')).toEqual({
      ok: false,
      error: 'msg.amount-too-precise',
    });
    expect(parseTokenAmount('1'.repeat(101))).toEqual({ ok: false, error: 'msg.invalid-amount' });
  });
});

describe('unitsToDecimal', () => {
  it('writes units back exactly', () => {
    expect(unitsToDecimal(125n * 10n ** 17n)).toBe('12.5');
    expect(unitsToDecimal(1n)).toBe('0.000000000000000001');
    expect(unitsToDecimal(0n)).toBe('0');
    expect(unitsToDecimal(-(10n ** 18n))).toBe('-1');
  });
});

describe('unitsToDecimal agrees with viem formatUnits', () => {
  it('for small, large, negative amounts and any decimals', () => {
    const amounts = [0n, 1n, 9n, 10n, 123n, 10n ** 18n, 15n * 10n ** 17n, 10n ** 77n - 1n, -42n];
    for (const units of amounts) {
      for (const decimals of [0, 1, 6, 8, 18, 30]) {
        expect(unitsToDecimal(units, decimals), `${units} ${decimals}`).toBe(
          formatUnits(units, decimals),
        );
      }
    }
  });
});
