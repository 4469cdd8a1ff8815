import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  birthDateSchema,
  birthDateToIsoSchema,
  zBirthDate,
  zBirthDateToIso,
  zEmail,
  zNickname,
  zPassword,
  zPromoCode,
  zWalletAddress,
} from './zod.ts';

const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** The issue messages (catalogue keys) a schema reports for `input`. */
function keysOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('zod helpers report catalogue keys', () => {
  it('zBirthDate', () => {
    expect(zBirthDate.parse(' 31.12.2000 ')).toBe('31.12.2000');
    expect(keysOf(zBirthDate, undefined)).toEqual(['msg.required']);
    expect(keysOf(zBirthDate, null)).toEqual(['msg.required']);
    expect(keysOf(zBirthDate, '')).toEqual(['msg.required']);
    expect(keysOf(zBirthDate, 12)).toEqual(['msg.invalid-date']);
    expect(keysOf(zBirthDate, '31.02.2000')).toEqual(['msg.invalid-date']);
    expect(keysOf(zBirthDate, `01.01.${new Date().getUTCFullYear()}`)).toEqual(['msg.age-adults']);
  });

  it('birthDateSchema takes options', () => {
    const now = new Date('2025-06-15T00:00:00Z');
    expect(birthDateSchema({ now }).safeParse('15.06.2007').success).toBe(true);
    expect(keysOf(birthDateSchema({ now, minAge: 21 }), '15.06.2007')).toEqual(['msg.age-adults']);
  });

  it('zBirthDateToIso outputs midnight UTC', () => {
    expect(zBirthDateToIso.parse('31.12.2000')).toBe('2000-12-31T00:00:00.000Z');
    expect(keysOf(zBirthDateToIso, '31.13.2000')).toEqual(['msg.invalid-date']);
    expect(birthDateToIsoSchema({ minAge: 0 }).parse('01.01.2020')).toBe(
      '2020-01-01T00:00:00.000Z',
    );
  });

  it('zEmail normalises', () => {
    expect(zEmail.parse('  John@Example.COM ')).toBe('john@example.com');
    expect(keysOf(zEmail, undefined)).toEqual(['msg.required']);
    expect(keysOf(zEmail, '')).toEqual(['msg.required']);
    expect(keysOf(zEmail, 'nope')).toEqual(['msg.invalid-email']);
    expect(keysOf(zEmail, 5)).toEqual(['msg.invalid-email']);
  });

  it('zPassword', () => {
    expect(zPassword.parse('Abcde1')).toBe('Abcde1');
    expect(keysOf(zPassword, undefined)).toEqual(['msg.required']);
    expect(keysOf(zPassword, '')).toEqual(['msg.required']);
    expect(keysOf(zPassword, 'abcdef')).toEqual(['msg.weak-password']);
    expect(keysOf(zPassword, `Aa1${'x'.repeat(200)}`)).toEqual(['msg.password-too-long']);
  });

  it('zNickname trims', () => {
    expect(zNickname.parse(' John_Doe ')).toBe('John_Doe');
    expect(keysOf(zNickname, undefined)).toEqual(['msg.required']);
    expect(keysOf(zNickname, 'a_b_c')).toEqual(['msg.invalid-username']);
  });

  it('zPromoCode', () => {
    expect(zPromoCode.parse(' MEEETff ')).toBe('MEEETff');
    expect(zPromoCode.parse('k7pq2m9x')).toBe('k7pq2m9x');
    expect(keysOf(zPromoCode, undefined)).toEqual(['msg.required']);
    expect(keysOf(zPromoCode, 'MEEET0')).toEqual(['msg.invalid-promocode']);
    expect(keysOf(zPromoCode, 'MEEETxyz')).toEqual(['msg.invalid-promocode']);
    expect(zPromoCode.optional().parse(undefined)).toBeUndefined();
  });

  it('zWalletAddress checksums and knows the currency', () => {
    expect(zWalletAddress('USDT').parse(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
    expect(keysOf(zWalletAddress('USDT'), undefined)).toEqual(['msg.required']);
    expect(keysOf(zWalletAddress('USDT'), '0x123')).toEqual(['msg.incorrect-address']);
    expect(keysOf(zWalletAddress('BTC'), CHECKSUMMED)).toEqual(['msg.incorrect-address']);
  });

  it('reports paths inside objects', () => {
    const schema = z.object({ email: zEmail, password: zPassword });
    const result = schema.safeParse({ email: 'x', password: 'y' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'msg.invalid-email'],
      ['password', 'msg.weak-password'],
    ]);
  });
});
