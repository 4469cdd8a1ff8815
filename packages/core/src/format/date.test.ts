import { describe, expect, it } from 'vitest';
import { calendarDaysAgo, formatDate, formatDateTime, formatDay, formatTime } from './date.ts';

const moment = '2026-11-23T14:05:00.000Z';

describe('dates per language', () => {
  it('writes one format per language', () => {
    expect(formatDate(moment, 'en', 'UTC')).toBe('Nov 23, 2026');
    expect(formatDate(moment, 'ru', 'UTC')).toBe('23 нояб. 2026 г.');
    expect(formatDateTime(moment, 'en', 'UTC')).toMatch(/^Nov 23, 2026, 2:05\sPM$/);
    expect(formatDateTime(moment, 'ru', 'UTC')).toBe('23 нояб. 2026 г., 14:05');
  });

  it('writes a chart day without the year', () => {
    expect(formatDay('2026-10-29', 'en', 'UTC')).toBe('Oct 29');
    expect(formatDay('2026-10-29', 'ru', 'UTC')).toBe('29 окт.');
    expect(formatDay(undefined, 'en')).toBe('—');
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDate(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'ru')).toBe('—');
  });

  it('writes a chat time and counts calendar days back', () => {
    expect(formatTime(moment, 'en', 'UTC')).toMatch(/^2:05\sPM$/);
    expect(formatTime(moment, 'ru', 'UTC')).toBe('14:05');
    expect(formatTime('nope', 'en')).toBe('—');
    const now = new Date(2026, 10, 23, 0, 30);
    expect(calendarDaysAgo(new Date(2026, 10, 23, 0, 1), now)).toBe(0);
    expect(calendarDaysAgo(new Date(2026, 10, 22, 23, 59), now)).toBe(1);
    expect(calendarDaysAgo(new Date(2026, 9, 29, 12), now)).toBe(25);
    expect(calendarDaysAgo(null, now)).toBeNull();
  });
});
