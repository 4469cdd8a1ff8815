import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  profileUpdateRequestSchema,
  recoveryCheckCodeRequestSchema,
  registerRequestSchema,
  zBirthDateIso,
} from './user.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('zBirthDateIso', () => {
  it('accepts an adult birthday at midnight UTC', () => {
    expect(zBirthDateIso.safeParse('1990-05-17T00:00:00.000Z').success).toBe(true);
  });
  it('refuses a time other than midnight UTC', () => {
    expect(firstMessage(zBirthDateIso.safeParse('1990-05-17T10:00:00.000Z'))).toBe(
      'msg.invalid-date',
    );
  });
  it('refuses a minor with the adults message', () => {
    const year = new Date().getUTCFullYear() - 10;
    expect(firstMessage(zBirthDateIso.safeParse(`${year}-01-01T00:00:00.000Z`))).toBe(
      'msg.age-adults',
    );
  });
  it('refuses garbage and impossible dates', () => {
    expect(firstMessage(zBirthDateIso.safeParse('yesterday'))).toBe('msg.invalid-date');
    expect(firstMessage(zBirthDateIso.safeParse('1899-12-31T00:00:00.000Z'))).toBe(
      'msg.invalid-date',
    );
  });
});

describe('registerRequestSchema', () => {
  const valid = { email: ' Ann@Example.com ', password: 'Secret12', acceptTerms: true };
  it('normalises the e-mail', () => {
    const parsed = registerRequestSchema.parse(valid);
    expect(parsed.email).toBe('ann@example.com');
  });
  it('refuses unknown fields', () => {
    expect(registerRequestSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
  it('refuses a weak password and a bad promo code with their keys', () => {
    expect(firstMessage(registerRequestSchema.safeParse({ ...valid, password: 'secret' }))).toBe(
      'msg.weak-password',
    );
    expect(firstMessage(registerRequestSchema.safeParse({ ...valid, promocode: 'HELLO1' }))).toBe(
      'msg.invalid-promocode',
    );
  });
  it('needs the terms accepted', () => {
    expect(registerRequestSchema.safeParse({ ...valid, acceptTerms: false }).success).toBe(false);
  });
});

describe('loginRequestSchema', () => {
  it('accepts any stored password but not an empty or huge one', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(
      loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success,
    ).toBe(false);
  });
});

describe('profileUpdateRequestSchema', () => {
  it('uppercases the country and refuses a bad nickname', () => {
    expect(profileUpdateRequestSchema.parse({ country: 'ru' }).country).toBe('RU');
    expect(firstMessage(profileUpdateRequestSchema.safeParse({ domain: '_bad' }))).toBe(
      'msg.invalid-username',
    );
  });
  it('refuses gender other than 0 or 1', () => {
    expect(profileUpdateRequestSchema.safeParse({ gender: 2 }).success).toBe(false);
  });
});

describe('recoveryCheckCodeRequestSchema', () => {
  it('needs six digits', () => {
    const base = { email: 'a@b.co', password: 'Secret12' };
    expect(recoveryCheckCodeRequestSchema.safeParse({ ...base, code: '123456' }).success).toBe(
      true,
    );
    expect(recoveryCheckCodeRequestSchema.safeParse({ ...base, code: '12345' }).success).toBe(
      false,
    );
  });
});
