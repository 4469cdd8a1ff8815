import { describe, expect, it } from 'vitest';
import { isProfileComplete, validateGender } from './profile.ts';

describe('validateGender', () => {
  it('accepts 0 and 1 only', () => {
    expect(validateGender(0)).toBeNull();
    expect(validateGender(1)).toBeNull();
    for (const value of [2, -1, '0', '1', null, undefined, true, 0.5, NaN]) {
      expect(validateGender(value)).toBe('msg.choose-gender');
    }
  });
});

describe('isProfileComplete', () => {
  const complete = {
    bdate: '2000-12-31T00:00:00.000Z',
    domain: 'john_doe',
    firstName: 'John',
    lastName: 'Doe',
    gender: 0,
  };

  it('needs bdate, domain, first and last name and gender 0 or 1', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete({ ...complete, gender: 1 })).toBe(true);
  });

  it.each([
    ['no bdate', { bdate: undefined }],
    ['empty domain', { domain: '' }],
    ['blank first name', { firstName: '  ' }],
    ['null last name', { lastName: null }],
    ['gender 2', { gender: 2 }],
    ['gender missing', { gender: undefined }],
    ['gender as text', { gender: '0' }],
  ])('incomplete: %s', (_label, change) => {
    expect(isProfileComplete({ ...complete, ...change })).toBe(false);
  });

  it('handles no profile', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(undefined)).toBe(false);
    expect(isProfileComplete({})).toBe(false);
  });
});
