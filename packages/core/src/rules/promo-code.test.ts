import { describe, expect, it } from 'vitest';
import { PROMO_PREFIX_CYRILLIC } from '../constants.ts';
import {
  canonicalReferralCode,
  formatPromoCode,
  makeReferralCode,
  parsePromoCode,
  validatePromoCode,
} from './promo-code.ts';

const invalid = { ok: false, error: 'msg.invalid-promocode', message: 'Invalid promocode' };

describe('parsePromoCode', () => {
  it('reads the Latin prefix and a hex user id', () => {
    expect(parsePromoCode('MEEET1')).toEqual({ ok: true, userId: 1 });
    expect(parsePromoCode('MEEETFF')).toEqual({ ok: true, userId: 255 });
    expect(parsePromoCode('MEEETff')).toEqual({ ok: true, userId: 255 });
    expect(parsePromoCode('MEEET7B')).toEqual({ ok: true, userId: 123 });
  });

  it('accepts the Cyrillic prefix', () => {
    expect(parsePromoCode('МЕЕЕТ1A')).toEqual({ ok: true, userId: 26 });
    expect(parsePromoCode(`${PROMO_PREFIX_CYRILLIC}10`)).toEqual({ ok: true, userId: 16 });
  });

  it('accepts any letter case in the prefix', () => {
    expect(parsePromoCode('meeet1')).toEqual({ ok: true, userId: 1 });
    expect(parsePromoCode('MeEeT1')).toEqual({ ok: true, userId: 1 });
    expect(parsePromoCode('мееет1')).toEqual({ ok: true, userId: 1 });
    expect(parsePromoCode('МеЕеТ1')).toEqual({ ok: true, userId: 1 });
  });

  it('rejects a prefix mixing Latin and Cyrillic letters', () => {
    expect(parsePromoCode('MЕЕЕТ1')).toEqual(invalid); // Latin M + Cyrillic ЕЕЕТ
    expect(parsePromoCode('МEEET1')).toEqual(invalid); // Cyrillic М + Latin EEET
  });

  it('trims surrounding whitespace', () => {
    expect(parsePromoCode('  MEEET2A\n')).toEqual({ ok: true, userId: 42 });
    expect(parsePromoCode('\u00a0MEEET2A\t')).toEqual({ ok: true, userId: 42 });
  });

  it('accepts leading zeros in the hex part', () => {
    expect(parsePromoCode('MEEET0001')).toEqual({ ok: true, userId: 1 });
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    123,
    {},
    ['MEEET1'],
    'MEEET',
    'MEEET ',
    'MEEET0',
    'MEEET000',
    'MEEET0x1A',
    'MEEET-1',
    'MEEET+1',
    'MEEET 1A',
    'MEEET1 A',
    'MEEETG',
    'MEEET1.5',
    'MEEET１', // full-width digit
    'MEEETА', // Cyrillic А is not hex
    'MEET1',
    'MEEEET1',
    'XMEEET1',
    'promo MEEET1',
    '1A',
  ])('rejects %j', (code) => {
    expect(parsePromoCode(code)).toEqual(invalid);
  });

  it('rejects ids beyond the safe integer range and very long input', () => {
    expect(parsePromoCode('MEEET1FFFFFFFFFFFFF')).toEqual({
      ok: true,
      userId: Number.MAX_SAFE_INTEGER,
    });
    expect(parsePromoCode('MEEET20000000000000')).toEqual(invalid);
    expect(parsePromoCode(`MEEET${'F'.repeat(40)}`)).toEqual(invalid);
    expect(parsePromoCode(`MEEET${'0'.repeat(100_000)}1`)).toEqual(invalid);
  });
});

describe('validatePromoCode', () => {
  it('returns null or the key', () => {
    expect(validatePromoCode('MEEET1')).toBeNull();
    expect(validatePromoCode('nope')).toBe('msg.invalid-promocode');
  });
});

describe('formatPromoCode', () => {
  it('writes the Latin prefix and upper-case hex', () => {
    expect(formatPromoCode(1)).toBe('MEEET1');
    expect(formatPromoCode(255)).toBe('MEEETFF');
    expect(formatPromoCode(Number.MAX_SAFE_INTEGER)).toBe('MEEET1FFFFFFFFFFFFF');
  });

  it.each([0, -1, 1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (id) => {
    expect(() => formatPromoCode(id)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const id of [
      1,
      9,
      10,
      15,
      16,
      255,
      256,
      4095,
      123456,
      2 ** 31,
      2 ** 32 + 7,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(parsePromoCode(formatPromoCode(id))).toEqual({ ok: true, userId: id });
      expect(parsePromoCode(formatPromoCode(id).toLowerCase())).toEqual({ ok: true, userId: id });
    }
  });
});

describe('random referral codes', () => {
  it('reads 8 characters of the alphabet in any case, O as 0 and I or L as 1', () => {
    expect(parsePromoCode(' k7pq2m9x ')).toEqual({ ok: true, referralCode: 'K7PQ2M9X' });
    expect(parsePromoCode('OILABCDE')).toEqual({ ok: true, referralCode: '011ABCDE' });
    expect(canonicalReferralCode('K7PQ2M9')).toBeNull();
    expect(canonicalReferralCode('K7PQ2M9XY')).toBeNull();
    expect(canonicalReferralCode('K7PQ2M9U')).toBeNull();
    expect(canonicalReferralCode('K7PQ-M9X')).toBeNull();
  });

  it('never reads a brand-prefixed code as a random one', () => {
    expect(parsePromoCode('MEEET000')).toEqual(invalid);
    expect(parsePromoCode('MEEET1AB')).toEqual({ ok: true, userId: 0x1ab });
  });

  it('spells 40 random bits in the alphabet, and never the brand prefix', () => {
    expect(makeReferralCode(new Uint8Array(5))).toBe('00000000');
    expect(makeReferralCode(new Uint8Array([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
    // M E E E T = 20, 14, 14, 14, 26 in the alphabet: the bits 10100 01110 01110 01110 11010 …
    const prefixed = new Uint8Array([0b10100011, 0b10011100, 0b11101101, 0, 0]);
    expect(makeReferralCode(prefixed)).toBeNull();
    for (let i = 0; i < 200; i++) {
      const bytes = crypto.getRandomValues(new Uint8Array(5));
      const code = makeReferralCode(bytes);
      if (code === null) continue;
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(parsePromoCode(code)).toEqual({ ok: true, referralCode: code });
    }
  });
});
