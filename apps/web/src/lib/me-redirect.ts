import { isProfileComplete } from '@meeet/core/rules/profile';

// Where a signed-in user is sent, decided in one place. Targets are names, not paths: lib/
// does not read the route table; callers map them with app/paths.ts.

export interface RedirectUser {
  emailVerified?: unknown;
  bdate?: unknown;
  domain?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  gender?: unknown;
}

/**
 * Spec §4 "after the current user is fetched with redirect on": home when the profile has
 * bdate, domain, first and last name and gender 0/1, otherwise update-profile.
 */
export function meRedirectTarget(user: RedirectUser | null | undefined): 'home' | 'update-profile' {
  return isProfileComplete(user) ? 'home' : 'update-profile';
}

/**
 * The gate in front of the account area and the market: a new user first confirms the e-mail
 * (the code was mailed), then completes the profile. Null lets the user through. Only an
 * explicit `emailVerified: false` sends to confirmation, so an older stored record without the
 * flag does not trap anyone.
 */
export function accountGateTarget(
  user: RedirectUser | null | undefined,
): 'confirm-email' | 'update-profile' | null {
  if (!user) return null;
  if (user.emailVerified === false) return 'confirm-email';
  return meRedirectTarget(user) === 'home' ? null : 'update-profile';
}
