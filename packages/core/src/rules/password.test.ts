import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import type { MessageKey } from '../i18n/messages.ts';
import {
  passwordsMatch,
  validatePassword,
  type PasswordConfirmationError,
  type PasswordError,
} from './password.ts';

describe('validatePassword', () => {
  it('uses catalogue keys', () => {
    const keys: MessageKey[] = [
      'msg.required',
      'msg.weak-password',
      'msg.password-too-long',
      'msg.passwords-mismatch',
    ] satisfies (PasswordError | PasswordConfirmationError)[];
    expect(keys).toHaveLength(4);
  });

  it.each([
    'Abcde1',
    'Password1',
    'aB3aB3aB3',
    'Пароль1',
    'Ünïcode9',
    'With Space 1',
    'Ab1!@#$%^&*()',
  ])('accepts %j', (password) => {
    expect(validatePassword(password)).toBeNull();
  });

  it.each([null, undefined, ''])('requires a value (%j)', (password) => {
    expect(validatePassword(password)).toBe('msg.required');
  });

  it.each([
    ['too short', 'Abcd1'],
    ['no digit', 'Abcdefg'],
    ['no upper case', 'abcdef1'],
    ['no lower case', 'ABCDEF1'],
    ['digits only', '1234567'],
    ['symbols only', '!@#$%^&'],
    ['spaces only', '      '],
    ['emoji are not letters', '😀😀😀😀1A'],
  ])('weak: %s', (_label, password) => {
    expect(validatePassword(password)).toBe('msg.weak-password');
  });

  it('treats non-strings as weak', () => {
    expect(validatePassword(123456)).toBe('msg.weak-password');
    expect(validatePassword({})).toBe('msg.weak-password');
  });

  it('length boundaries use the constants, counted in code points', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(validatePassword('Aa1'.padEnd(PASSWORD_MIN_LENGTH - 1, 'x'))).toBe('msg.weak-password');
    expect(validatePassword('Aa1'.padEnd(PASSWORD_MIN_LENGTH, 'x'))).toBeNull();
    expect(validatePassword('Aa1'.padEnd(PASSWORD_MAX_LENGTH, 'x'))).toBeNull();
    expect(validatePassword('Aa1'.padEnd(PASSWORD_MAX_LENGTH + 1, 'x'))).toBe(
      'msg.password-too-long',
    );
    // 5 code points but 7 UTF-16 units: still too short.
    expect(validatePassword('Aa1😀😀')).toBe('msg.weak-password');
    expect(validatePassword(`Aa1${'😀'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toBeNull();
    expect(validatePassword('Aa1'.repeat(100_000))).toBe('msg.password-too-long');
  });
});

describe('passwordsMatch', () => {
  it('accepts identical values', () => {
    expect(passwordsMatch('Abcde1', 'Abcde1')).toBeNull();
  });

  it('requires the confirmation', () => {
    expect(passwordsMatch('Abcde1', '')).toBe('msg.required');
    expect(passwordsMatch('Abcde1', undefined)).toBe('msg.required');
    expect(passwordsMatch('Abcde1', null)).toBe('msg.required');
  });

  it('is exact: case, spaces and types matter', () => {
    expect(passwordsMatch('Abcde1', 'abcde1')).toBe('msg.passwords-mismatch');
    expect(passwordsMatch('Abcde1', 'Abcde1 ')).toBe('msg.passwords-mismatch');
    expect(passwordsMatch(123456, '123456')).toBe('msg.passwords-mismatch');
    expect(passwordsMatch(undefined, 'Abcde1')).toBe('msg.passwords-mismatch');
  });
});
