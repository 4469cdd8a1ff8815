import { describe, expect, it } from 'vitest';
import { normalizeEmail, validateEmail } from './email.ts';

describe('validateEmail', () => {
  it.each([
    'user@example.com',
    'a@b.co',
    'first.last@sub.example.org',
    'user+tag@example.com',
    "o'brien@example.ie",
    'x_y-z@my-domain.io',
    'UPPER@EXAMPLE.COM',
    '123@456.example',
    'user@xn--80ak6aa92e.xn--p1ai',
    '  padded@example.com  ',
    'trailing-newline@example.com\n',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %j', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([null, undefined, '', '   '])('requires a value (%j)', (email) => {
    expect(validateEmail(email)).toBe('msg.required');
  });

  it.each([
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'user@example.c',
    'user@example.c0m',
    'user@example.123',
    'user@.example.com',
    'user@example..com',
    'user@example.com.',
    'user@-example.com',
    'user@example-.com',
    'user@exa_mple.com',
    'us er@example.com',
    'user@exa mple.com',
    'user@@example.com',
    'a@b@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    '"quoted"@example.com',
    'почта@example.com',
    'user@почта.рф',
    'user@example.com\nbcc@evil.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `a@${`${'c'.repeat(60)}.`.repeat(5)}com`,
    'x'.repeat(100_000),
  ])('rejects %j', (email) => {
    expect(validateEmail(email)).toBe('msg.invalid-email');
  });

  it('rejects non-strings as invalid', () => {
    expect(validateEmail(42)).toBe('msg.invalid-email');
    expect(validateEmail({ email: 'a@b.co' })).toBe('msg.invalid-email');
  });

  it('limits the whole address to 254 characters', () => {
    const domain = `${`${'d'.repeat(60)}.`.repeat(4)}com`; // 247 characters
    const at254 = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(at254.length).toBe(254);
    expect(validateEmail(at254)).toBeNull();
    expect(validateEmail(`a${at254}`)).toBe('msg.invalid-email');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  User@Example.COM ')).toBe('user@example.com');
    expect(normalizeEmail('a@b.co')).toBe('a@b.co');
  });
});
