import { MIN_AGE, MIN_BIRTH_YEAR } from '../constants.ts';

export type BirthDateError = 'msg.required' | 'msg.invalid-date' | 'msg.age-adults';

export interface BirthDateOptions {
  /** Defaults to MIN_AGE (18). */
  minAge?: number;
  /** Injected clock for tests and for the server's request time. */
  now?: Date;
}

// `\d` without the `u` flag is ASCII 0-9 only, so other scripts' digits are rejected.
const BIRTH_DATE_PATTERN = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/**
 * Whether day.month.year is a day of the Gregorian calendar (month 1-12). Years below 100 do
 * not count: `Date.UTC` reads them as 1900-1999.
 */
export function dayExists(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return Number.isInteger(day) && day <= days;
}

interface DayMonthYear {
  day: number;
  month: number;
  year: number;
}

function splitBirthDate(text: string): DayMonthYear | null {
  const match = BIRTH_DATE_PATTERN.exec(text);
  if (!match) return null;
  return { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
}

/**
 * Spec §5 birth-date rule, returning the first failing message key in the spec's order or
 * null when valid. Surrounding whitespace is ignored (whitespace only counts as empty).
 * All comparisons are in UTC because the date is stored as midnight UTC. A person born on
 * 29 February becomes an adult on 1 March in non-leap years (never admit someone early).
 */
export function validateBirthDate(
  input: unknown,
  options: BirthDateOptions = {},
): BirthDateError | null {
  if (input === null || input === undefined) return 'msg.required';
  if (typeof input !== 'string') return 'msg.invalid-date';
  const text = input.trim();
  if (text === '') return 'msg.required';

  const parts = splitBirthDate(text);
  if (!parts) return 'msg.invalid-date';
  const { day, month, year } = parts;

  const now = options.now ?? new Date();
  if (year < MIN_BIRTH_YEAR || year > now.getUTCFullYear()) return 'msg.invalid-date';
  if (month < 1 || month > 12 || day < 1 || day > 31) return 'msg.invalid-date';

  if (!dayExists(year, month, day)) return 'msg.invalid-date';
  const born = Date.UTC(year, month - 1, day);
  if (born > now.getTime()) return 'msg.invalid-date';

  const minAge = options.minAge ?? MIN_AGE;
  // Date.UTC rolls 29.02 onto 01.03 in a non-leap year, which is the rule stated above.
  const comesOfAge = Date.UTC(year + minAge, month - 1, day);
  if (now.getTime() < comesOfAge) return 'msg.age-adults';
  return null;
}

/**
 * 'DD.MM.YYYY' → ISO timestamp at midnight UTC ('2000-12-31T00:00:00.000Z'), the stored
 * form. Null when the text is not an existing calendar date in that format; age and range
 * are validateBirthDate's job.
 */
export function birthDateToIso(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const parts = splitBirthDate(input.trim());
  if (!parts || !dayExists(parts.year, parts.month, parts.day)) return null;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).toISOString();
}

const DATE_ONLY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 date and time ('2000-12-31T00:00:00+03:00', '…Z', '…00.000Z'); without a zone it
 * is local time, as `new Date` reads it. Null when it is not one or names no real moment.
 */
function parseIsoDateTime(text: string): Date | null {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  if (!dayExists(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const millis = Math.floor(Number(`0.${match[7] ?? '0'}`) * 1000);
  const zone = match[8];
  if (zone === undefined) return new Date(year, month - 1, day, hour, minute, second, millis);
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
    if (zone.startsWith('-')) offsetMinutes = -offsetMinutes;
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  return new Date(utc - offsetMinutes * 60_000);
}

/**
 * Stored ISO timestamp (or Date) → 'DD.MM.YYYY' read in UTC. A bare 'YYYY-MM-DD' is taken as
 * that calendar day (not local midnight, which would shift the day east of Greenwich).
 * Returns '' for anything that is not a valid date, so a form field just shows empty.
 */
export function isoToBirthDate(value: string | Date | null | undefined): string {
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    const dateOnly = DATE_ONLY_PATTERN.exec(text);
    if (dateOnly) {
      const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
      if (!dayExists(year, month, day)) return '';
      date = new Date(Date.UTC(year, month - 1, day));
    } else {
      const parsed = parseIsoDateTime(text);
      if (!parsed) return '';
      date = parsed;
    }
  } else {
    return '';
  }
  if (Number.isNaN(date.getTime())) return '';
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) return '';
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.getUTCDate(), 2)}.${pad(date.getUTCMonth() + 1, 2)}.${pad(year, 4)}`;
}
