import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

export type PasswordError = 'msg.required' | 'msg.weak-password' | 'msg.password-too-long';
export type PasswordConfirmationError = 'msg.required' | 'msg.passwords-mismatch';

// Unicode classes so a Cyrillic 'Пароль1' counts as having upper and lower case letters.
const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;
const DIGIT = /\p{Nd}/u;

/** Length in code points, so an emoji or accented letter counts once. */
function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Spec §5 password: at least PASSWORD_MIN_LENGTH characters with a lower-case letter, an
 * upper-case letter and a digit, at most PASSWORD_MAX_LENGTH. Not trimmed: spaces are part
 * of a password. Order: required, too long, weak.
 */
export function validatePassword(input: unknown): PasswordError | null {
  if (input === null || input === undefined || input === '') return 'msg.required';
  if (typeof input !== 'string') return 'msg.weak-password';
  const length = codePointLength(input);
  if (length > PASSWORD_MAX_LENGTH) return 'msg.password-too-long';
  if (length < PASSWORD_MIN_LENGTH) return 'msg.weak-password';
  if (!LOWERCASE.test(input) || !UPPERCASE.test(input) || !DIGIT.test(input))
    return 'msg.weak-password';
  return null;
}

/** The repeat-password field: required, then identical to the password (exact, no trimming). */
export function passwordsMatch(
  password: unknown,
  confirmation: unknown,
): PasswordConfirmationError | null {
  if (confirmation === null || confirmation === undefined || confirmation === '')
    return 'msg.required';
  return password === confirmation ? null : 'msg.passwords-mismatch';
}
