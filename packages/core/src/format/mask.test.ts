import { describe, expect, it } from 'vitest';
import { maskCard, maskShort } from './mask.ts';

describe('maskShort', () => {
  it('keeps first 4 and last 4', () => {
    expect(maskShort('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('0xd8...6045');
    expect(maskShort('123456789')).toBe('1234...6789');
  });

  it('returns 8 characters or fewer as is', () => {
    expect(maskShort('12345678')).toBe('12345678');
    expect(maskShort('abc')).toBe('abc');
    expect(maskShort('')).toBe('');
  });

  it('handles non-strings and emoji', () => {
    expect(maskShort(null)).toBe('');
    expect(maskShort(undefined)).toBe('');
    expect(maskShort('😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀');
    expect(maskShort('😀😀😀😀x😀😀😀😀')).toBe('😀😀😀😀...😀😀😀😀');
  });
});

describe('maskCard', () => {
  it('keeps first 5 and last 4 around the card mask', () => {
    expect(maskCard('4111111111111111')).toBe('41111xxxx-xxxx-xxxx1111');
    expect(maskCard('1234567890')).toBe('12345xxxx-xxxx-xxxx7890');
  });

  it('returns 9 characters or fewer as is', () => {
    expect(maskCard('123456789')).toBe('123456789');
    expect(maskCard('')).toBe('');
    expect(maskCard(null)).toBe('');
  });
});
