import { describe, expect, it } from 'vitest';
import { accountGateTarget, meRedirectTarget } from './me-redirect.ts';

const complete = {
  emailVerified: true,
  bdate: '1990-05-17T00:00:00.000Z',
  domain: 'anna',
  firstName: 'Anna',
  lastName: 'Tester',
  gender: 1,
};

describe('me with redirect (spec §4)', () => {
  it('goes home when bdate, domain, first and last name and gender 0/1 are there', () => {
    expect(meRedirectTarget(complete)).toBe('home');
    expect(meRedirectTarget({ ...complete, gender: 0 })).toBe('home');
  });

  it('goes to update-profile when any of them is missing', () => {
    for (const field of ['bdate', 'domain', 'firstName', 'lastName', 'gender'] as const) {
      expect(meRedirectTarget({ ...complete, [field]: null })).toBe('update-profile');
    }
    expect(meRedirectTarget({ ...complete, firstName: '  ' })).toBe('update-profile');
    expect(meRedirectTarget({ ...complete, gender: 2 })).toBe('update-profile');
    expect(meRedirectTarget(null)).toBe('update-profile');
  });
});

describe('account gate', () => {
  it('sends an unconfirmed e-mail to confirmation first, then an incomplete profile to update', () => {
    expect(accountGateTarget({ emailVerified: false })).toBe('confirm-email');
    expect(accountGateTarget({ ...complete, emailVerified: false })).toBe('confirm-email');
    expect(accountGateTarget({ emailVerified: true })).toBe('update-profile');
    expect(accountGateTarget(complete)).toBeNull();
  });

  it('lets through when the user is unknown or the flag is absent', () => {
    expect(accountGateTarget(null)).toBeNull();
    const { emailVerified: _flag, ...withoutFlag } = complete;
    expect(accountGateTarget(withoutFlag)).toBeNull();
  });
});
