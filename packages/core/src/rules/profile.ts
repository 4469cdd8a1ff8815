import { isGender } from '../enums.ts';

export type GenderError = 'msg.choose-gender';

/** Gender is stored as 0 or 1; anything else (including nothing) asks the user to choose. */
export function validateGender(value: unknown): GenderError | null {
  return isGender(value) ? null : 'msg.choose-gender';
}

export interface ProfileCompletenessFields {
  bdate?: unknown;
  domain?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  gender?: unknown;
}

function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return value !== null && value !== undefined;
}

/**
 * Spec §4: a profile is complete (the user may go home instead of to update-profile) when it
 * has a birth date, a domain (nickname), a first and a last name, and gender 0 or 1.
 */
export function isProfileComplete(profile: ProfileCompletenessFields | null | undefined): boolean {
  if (!profile) return false;
  return (
    isFilled(profile.bdate) &&
    isFilled(profile.domain) &&
    isFilled(profile.firstName) &&
    isFilled(profile.lastName) &&
    isGender(profile.gender)
  );
}
