import { describe, expect, it } from 'vitest';
import { formatNumber, formatTokenAmount } from './number.ts';

describe('formatNumber', () => {
  it.each([
    [null, '0.00'],
    [undefined, '0.00'],
    [NaN, '0.00'],
    [Infinity, '0.00'],
    [-Infinity, '0.00'],
    ['', '0.00'],
    ['   ', '0.00'],
    ['abc', '0.00'],
    ['12abc', '0.00'],
    ['1,5', '0.00'],
    ['0x10', '0.00'],
    ['1 000', '0.00'],
    ['.', '0.00'],
    ['-', '0.00'],
    ['e5', '0.00'],
    ['1e99999', '0.00'],
    [{}, '0.00'],
    [[1], '0.00'],
    [true, '0.00'],
  ])('non-numeric %j shows 0.00', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it.each([
    [0, '0'],
    [-0, '0'],
    ['0.000', '0'],
    [1, '1'],
    [2, '2'],
    [12.5, '12.5'],
    [12.345, '12.35'],
    [12.344999, '12.34'],
    [1.005, '1.01'],
    [1.00001, '1'],
    [1.999, '2'],
    [1234.5678, '1234.57'],
    [100, '100'],
    [10000, '10000'],
    [-12.345, '-12.35'],
    ['99.995', '100'],
    [123456789012345678901234567890n, '123456789012345678901234567890'],
    [-5n, '-5'],
    [1e21, '1000000000000000000000'],
  ])('above 1: at most 2 decimals (%s → %s)', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it.each([
    [0.5, '0.5'],
    [0.0012, '0.0012'],
    [0.12345, '0.1235'],
    [0.123449, '0.1234'],
    [0.99994, '0.9999'],
    [0.99995, '1'],
    [0.00012345, '0.0001'],
    [0.00005, '0.0001'],
    [0.1 + 0.2, '0.3'],
    [-0.5, '-0.5'],
    [-0.00004, '-0.00004'],
    ['1.0000', '1'],
  ])('1 or below: at most 4 decimals (%j → %j)', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it.each([
    ['0.0000499', '0.0000499'],
    ['0.00004999', '0.00004999'],
    ['0.000049996', '0.00005'],
    ['0.00001', '0.00001'],
    ['0.000012345', '0.00001235'],
  ])('tiny with a 4-zero run keeps 4 significant digits (%j → %j)', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it.each([
    [0.00000012, '0.0⁶12'],
    ['0.000001', '0.0⁵1'],
    ['0.0000012345678', '0.0⁵1235'],
    ['0.0000099999', '0.00001'], // rounding shortens the run below 5
    ['0.00000099999', '0.0⁵1'],
    [1.2e-7, '0.0⁶12'],
    ['1.2E-7', '0.0⁶12'],
    [-1.2e-7, '-0.0⁶12'],
    [1e-10, '0.0⁹1'],
    ['1e-12', '0.0¹¹1'],
    [5e-324, '0.0³²³5'],
    ['0.000000000000000001', '0.0¹⁷1'],
  ])('a run of 5+ zeros becomes 0 + superscript count (%j → %j)', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it('parses numeric strings leniently but exactly', () => {
    expect(formatNumber('  3.14159 ')).toBe('3.14');
    expect(formatNumber('.5')).toBe('0.5');
    expect(formatNumber('5.')).toBe('5');
    expect(formatNumber('+2.5')).toBe('2.5');
    expect(formatNumber('1.5e3')).toBe('1500');
    expect(formatNumber('00012.30')).toBe('12.3');
    expect(formatNumber('-0.00000')).toBe('0');
    expect(formatNumber('-0.000001')).toBe('-0.0⁵1');
    expect(formatNumber('12345678901234567890.129')).toBe('12345678901234567890.13');
  });
});

describe('formatTokenAmount', () => {
  it('converts smallest units without floats', () => {
    expect(formatTokenAmount(10n ** 20n)).toBe('100');
    expect(formatTokenAmount('1500000000000000000')).toBe('1.5');
    expect(formatTokenAmount(' 1234567890000000000000 ')).toBe('1234.57');
    expect(formatTokenAmount(123n)).toBe('0.0¹⁵123');
    expect(formatTokenAmount(0n)).toBe('0');
    expect(formatTokenAmount(-5n * 10n ** 17n)).toBe('-0.5');
    expect(formatTokenAmount(10n ** 77n)).toBe(`1${'0'.repeat(59)}`);
  });

  it('honours decimals', () => {
    expect(formatTokenAmount(1n, 6)).toBe('0.0⁵1');
    expect(formatTokenAmount(1234567n, 6)).toBe('1.23');
    expect(formatTokenAmount(42n, 0)).toBe('42');
  });

  it.each([null, undefined, '', 'abc', '1.5', '1e18', '0x10', '--1'])(
    'non-integer %j shows 0.00',
    (input) => {
      expect(formatTokenAmount(input)).toBe('0.00');
    },
  );

  it('refuses nonsense decimals', () => {
    expect(formatTokenAmount(1n, -1)).toBe('0.00');
    expect(formatTokenAmount(1n, 1.5)).toBe('0.00');
  });
});

describe('numbers per language', () => {
  it('groups thousands and uses the language’s decimal sign', () => {
    expect(formatNumber('1234567.891', 'en')).toBe('1,234,567.89');
    expect(formatNumber('1234567.891', 'ru')).toBe('1\u00a0234\u00a0567,89');
    expect(formatNumber('-1000', 'ru')).toBe('-1\u00a0000');
    expect(formatNumber('0.5', 'ru')).toBe('0,5');
    expect(formatNumber('999', 'en')).toBe('999');
    // The spec's zero-run stays as it is, after the decimal sign.
    expect(formatNumber('0.00000012', 'ru')).toBe('0,0⁶12');
    expect(formatNumber('abc', 'ru')).toBe('0,00');
    // Without a language: the raw rule, as before.
    expect(formatNumber('1234.5')).toBe('1234.5');
  });

  it('formats token amounts per language', () => {
    expect(formatTokenAmount(10_000n * 10n ** 18n, 18, 'en')).toBe('10,000');
    expect(formatTokenAmount('1500000000000000000000', 18, 'ru')).toBe('1\u00a0500');
    expect(formatTokenAmount('2500000000000000000', 18, 'ru')).toBe('2,5');
    expect(formatTokenAmount('x', 18, 'ru')).toBe('0,00');
  });
});
