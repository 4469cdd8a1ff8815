import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from '../constants.ts';
import { normalizeNickname, validateNickname } from './nickname.ts';

describe('validateNickname', () => {
  it.each([
    'john',
    'john_doe1',
    'JohnDoe',
    'a1b',
    'abc',
    'j0hn_D03',
    'x_1',
    'ab_cd',
    ' padded ',
    'abc\n',
  ])('accepts %j', (nickname) => {
    expect(validateNickname(nickname)).toBeNull();
  });

  it.each([null, undefined, '', '  '])('requires a value (%j)', (nickname) => {
    expect(validateNickname(nickname)).toBe('msg.required');
  });

  it.each([
    'a_b_c',
    '_abc',
    'abc_',
    'ab__cd',
    '1abc',
    '9_lives',
    'john-doe',
    'john.doe',
    'john doe',
    'john@doe',
    'иван',
    'ivan_иван',
    'jöhn',
    'ab😀c',
    'ab\nc',
  ])('rejects %j', (nickname) => {
    expect(validateNickname(nickname)).toBe('msg.invalid-username');
  });

  it('rejects non-strings', () => {
    expect(validateNickname(123)).toBe('msg.invalid-username');
  });

  it('enforces length 3..30', () => {
    expect(NICKNAME_MIN_LENGTH).toBe(3);
    expect(NICKNAME_MAX_LENGTH).toBe(30);
    expect(validateNickname('ab')).toBe('msg.invalid-username');
    expect(validateNickname('a_')).toBe('msg.invalid-username');
    expect(validateNickname('a'.repeat(30))).toBeNull();
    expect(validateNickname('a'.repeat(31))).toBe('msg.invalid-username');
    expect(validateNickname('a'.repeat(100_000))).toBe('msg.invalid-username');
  });
});

describe('normalizeNickname', () => {
  it('trims and lower-cases', () => {
    expect(normalizeNickname(' John_Doe1 ')).toBe('john_doe1');
  });
});
