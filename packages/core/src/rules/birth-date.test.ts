import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../i18n/messages.ts';
import {
  birthDateToIso,
  dayExists,
  isoToBirthDate,
  validateBirthDate,
  type BirthDateError,
} from './birth-date.ts';

const now = new Date('2025-06-15T12:00:00.000Z');
const check = (input: unknown, minAge?: number) =>
  validateBirthDate(input, minAge === undefined ? { now } : { now, minAge });

describe('validateBirthDate', () => {
  it('uses catalogue keys', () => {
    const keys: MessageKey[] = [
      'msg.required',
      'msg.invalid-date',
      'msg.age-adults',
    ] satisfies BirthDateError[];
    expect(keys).toHaveLength(3);
  });

  it.each([null, undefined, '', '   ', '\t\n'])('step 1: empty %j is required', (input) => {
    expect(check(input)).toBe('msg.required');
  });

  it.each([
    '1.01.2000',
    '01.1.2000',
    '01.01.00',
    '01.01.20000',
    '01/01/2000',
    '01-01-2000',
    '2000-01-01',
    '01.01.2000.',
    '.01.01.2000',
    '01..01.2000',
    'aa.bb.cccc',
    '01 .01.2000',
    '01.01.2000 x',
    '０１.０１.２０００',
    '٠١.٠١.٢٠٠٠',
    '01.01.2000\n01.01.2000',
    '1'.repeat(10_000),
  ])('step 2: wrong shape %j is invalid', (input) => {
    expect(check(input)).toBe('msg.invalid-date');
  });

  it('step 2: non-strings are invalid, not required', () => {
    expect(check(20000101)).toBe('msg.invalid-date');
    expect(check(new Date())).toBe('msg.invalid-date');
    expect(check({})).toBe('msg.invalid-date');
  });

  it('trims surrounding whitespace', () => {
    expect(check('  01.01.2000 ')).toBeNull();
    expect(check('\u00a001.01.2000\u00a0')).toBeNull();
  });

  it('step 3: year range 1900..current year', () => {
    expect(check('31.12.1899')).toBe('msg.invalid-date');
    expect(check('01.01.1900')).toBeNull();
    expect(check('01.01.0000')).toBe('msg.invalid-date');
    expect(check('01.01.2026')).toBe('msg.invalid-date');
    expect(check('01.01.9999')).toBe('msg.invalid-date');
    // Current year passes step 3 but a date this year is far too young.
    expect(check('01.01.2025')).toBe('msg.age-adults');
  });

  it('step 3: month 1..12 and day 1..31', () => {
    expect(check('01.00.2000')).toBe('msg.invalid-date');
    expect(check('01.13.2000')).toBe('msg.invalid-date');
    expect(check('01.99.2000')).toBe('msg.invalid-date');
    expect(check('00.01.2000')).toBe('msg.invalid-date');
    expect(check('32.01.2000')).toBe('msg.invalid-date');
    expect(check('01.12.2000')).toBeNull();
    expect(check('31.01.2000')).toBeNull();
  });

  it('step 4: non-existent calendar dates', () => {
    for (const input of ['31.04.2000', '31.06.2000', '31.09.2000', '31.11.2000', '30.02.2000']) {
      expect(check(input)).toBe('msg.invalid-date');
    }
    expect(check('30.04.2000')).toBeNull();
  });

  it('step 4: leap years (1900 is not leap, 2000 is)', () => {
    expect(check('29.02.2000')).toBeNull();
    expect(check('29.02.1900')).toBe('msg.invalid-date');
    expect(check('29.02.2004')).toBeNull();
    expect(check('29.02.2003')).toBe('msg.invalid-date');
    expect(check('29.02.1904')).toBeNull();
    expect(check('28.02.1900')).toBeNull();
  });

  it('step 4: future dates in the current year', () => {
    expect(check('16.06.2025')).toBe('msg.invalid-date');
    expect(check('31.12.2025')).toBe('msg.invalid-date');
    // Today is not in the future (and is then too young).
    expect(check('15.06.2025')).toBe('msg.age-adults');
  });

  it('step 4 comes before step 5: a non-existent date of a minor says invalid', () => {
    expect(check('31.02.2024')).toBe('msg.invalid-date');
  });

  it('step 5: exactly 18 today is adult, one day less is not', () => {
    const birthday = new Date('2025-06-15T00:00:00.000Z');
    expect(validateBirthDate('15.06.2007', { now: birthday })).toBeNull();
    expect(validateBirthDate('16.06.2007', { now: birthday })).toBe('msg.age-adults');
    const justBefore = new Date('2025-06-14T23:59:59.999Z');
    expect(validateBirthDate('15.06.2007', { now: justBefore })).toBe('msg.age-adults');
  });

  it('step 5: born on 29 February comes of age on 1 March in a non-leap year', () => {
    expect(validateBirthDate('29.02.2004', { now: new Date('2022-02-28T23:00:00Z') })).toBe(
      'msg.age-adults',
    );
    expect(validateBirthDate('29.02.2004', { now: new Date('2022-03-01T00:00:00Z') })).toBeNull();
    expect(validateBirthDate('29.02.2004', { now: new Date('2024-02-29T00:00:00Z') })).toBeNull();
  });

  it('step 5: the caller may override the minimum age', () => {
    expect(check('16.06.2004', 21)).toBe('msg.age-adults');
    expect(check('15.06.2004', 21)).toBeNull();
    expect(check('16.06.2004', 20)).toBeNull();
    expect(check('15.06.2025', 0)).toBeNull();
    expect(check('01.01.2010', 14)).toBeNull();
    expect(check('01.01.2010', 16)).toBe('msg.age-adults');
  });

  it('defaults to the real clock and minimum age 18', () => {
    expect(validateBirthDate('01.01.1990')).toBeNull();
    const thisYear = new Date().getUTCFullYear();
    expect(validateBirthDate(`01.01.${thisYear - 10}`)).toBe('msg.age-adults');
  });
});

describe('birthDateToIso', () => {
  it('converts to midnight UTC', () => {
    expect(birthDateToIso('31.12.2000')).toBe('2000-12-31T00:00:00.000Z');
    expect(birthDateToIso('01.01.1900')).toBe('1900-01-01T00:00:00.000Z');
    expect(birthDateToIso(' 29.02.2000 ')).toBe('2000-02-29T00:00:00.000Z');
  });

  it('returns null for anything that is not an existing date', () => {
    for (const input of [
      null,
      undefined,
      '',
      '29.02.2001',
      '31.04.2000',
      '1.1.2000',
      '2000-12-31',
      '00.01.2000',
    ]) {
      expect(birthDateToIso(input)).toBeNull();
    }
  });
});

describe('isoToBirthDate', () => {
  it('reads stored timestamps in UTC', () => {
    expect(isoToBirthDate('2000-12-31T00:00:00.000Z')).toBe('31.12.2000');
    expect(isoToBirthDate('1900-01-01T00:00:00Z')).toBe('01.01.1900');
    expect(isoToBirthDate('2000-12-31T00:00:00+03:00')).toBe('30.12.2000');
    expect(isoToBirthDate(new Date(Date.UTC(1985, 6, 4)))).toBe('04.07.1985');
  });

  it('takes a bare date as that calendar day', () => {
    expect(isoToBirthDate('2000-12-31')).toBe('31.12.2000');
    expect(isoToBirthDate('2001-02-29')).toBe('');
  });

  it('returns empty text for garbage', () => {
    for (const input of [null, undefined, '', 'yesterday', '31.12.2000', 'NaN', new Date('nope')]) {
      expect(isoToBirthDate(input)).toBe('');
    }
  });

  it('round-trips with birthDateToIso', () => {
    for (const text of ['01.01.1900', '29.02.2000', '31.12.2024', '15.06.2007']) {
      expect(isoToBirthDate(birthDateToIso(text))).toBe(text);
    }
  });
});

describe('dayExists', () => {
  it('agrees with the calendar Date keeps, 1800 to 2100', () => {
    for (let year = 1800; year <= 2100; year++) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [28, 29, 30, 31]) {
          const date = new Date(Date.UTC(year, month - 1, day));
          expect(dayExists(year, month, day), `${day}.${month}.${year}`).toBe(
            date.getUTCDate() === day,
          );
        }
      }
    }
  });

  it('refuses month and day out of range and years Date.UTC would shift', () => {
    expect(dayExists(2000, 0, 1)).toBe(false);
    expect(dayExists(2000, 13, 1)).toBe(false);
    expect(dayExists(2000, 1, 0)).toBe(false);
    expect(dayExists(50, 1, 1)).toBe(false);
  });
});

describe('isoToBirthDate reads ISO date-times', () => {
  it('with a zone, in any of its spellings', () => {
    expect(isoToBirthDate('2000-12-31T23:30:00-01:00')).toBe('01.01.2001');
    expect(isoToBirthDate('2000-12-31T00:30+0100')).toBe('30.12.2000');
    expect(isoToBirthDate('2000-12-31 12:00:00.5Z')).toBe('31.12.2000');
  });

  it('refuses times that name no moment', () => {
    for (const input of ['2000-12-31T25:00:00Z', '2000-02-30T00:00:00Z', '2000-12-31T00:60Z']) {
      expect(isoToBirthDate(input)).toBe('');
    }
  });
});
