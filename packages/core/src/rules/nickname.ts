import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from '../constants.ts';

export type NicknameError = 'msg.required' | 'msg.invalid-username';

// Latin letters only: the nickname is the public handle and profile domain, so it must be
// typeable everywhere and free of look-alike letters (Cyrillic 'а' vs Latin 'a').
// "At most one underscore-separated prefix group": one optional '_' between two runs of
// letters/digits, e.g. 'john_doe1'; never leading, trailing, doubled or repeated.
const NICKNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)?$/;

/**
 * Spec §5 nickname, checked on the trimmed value. Length limits are NICKNAME_MIN_LENGTH (3)
 * to NICKNAME_MAX_LENGTH (30) and fail with the same 'Invalid username' message.
 * Whether the name is free is the server's call (GET /user/domain-available/{domain}).
 */
export function validateNickname(input: unknown): NicknameError | null {
  if (input === null || input === undefined) return 'msg.required';
  if (typeof input !== 'string') return 'msg.invalid-username';
  const text = input.trim();
  if (text === '') return 'msg.required';
  if (text.length < NICKNAME_MIN_LENGTH || text.length > NICKNAME_MAX_LENGTH)
    return 'msg.invalid-username';
  return NICKNAME_PATTERN.test(text) ? null : 'msg.invalid-username';
}

/** Nicknames are unique regardless of letter case; compare and look up by this form. */
export function normalizeNickname(input: string): string {
  return input.trim().toLowerCase();
}
