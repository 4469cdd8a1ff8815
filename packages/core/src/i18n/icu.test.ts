import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatIcu } from './icu.ts';
import { interpolate } from './translate.ts';

/** What intl-messageformat, the reference implementation, makes of the same message. */
const reference = (template: string, values: Record<string, unknown>, locale: string) =>
  String(new IntlMessageFormat(template, locale).format(values as Record<string, string>));

const cases: [string, Record<string, unknown>][] = [
  ['{price, number} USDT', { price: 1500 }],
  ['{price, number} USDT', { price: 12.5 }],
  ['{share, number, percent}', { share: 0.25 }],
  ['{n, number, integer}', { n: 12.7 }],
  ['{n, plural, one {# day} few {# days} many {# days} other {# days}}', { n: 1 }],
  ['{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}', { n: 3 }],
  ['{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}', { n: 5 }],
  ['{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}', { n: 21 }],
  ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 }],
  ['{n, plural, offset:1 =0 {nobody} =1 {{who}} other {{who} and # more}}', { n: 4, who: 'Ann' }],
  ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
  [
    '{g, select, male {He} female {She} other {They}} paid {x, number} USDT',
    { g: 'female', x: 10000 },
  ],
  ['{g, select, male {He} other {They}}', { g: 'robot' }],
  ["It's '{'literal'}' and ''quoted''", {}],
  ["'#' {n, plural, other {'#' is #}}", { n: 2 }],
  ['{d, date, long}', { d: new Date(Date.UTC(2026, 10, 28, 12)) }],
  ['{d, date, short}', { d: new Date(Date.UTC(2026, 10, 28, 12)) }],
  ['{d, date}', { d: new Date(Date.UTC(2026, 10, 28, 12)) }],
  ['{d, time}', { d: new Date(Date.UTC(2026, 10, 28, 12, 5)) }],
  ['{d, time, short}', { d: new Date(Date.UTC(2026, 10, 28, 12, 5)) }],
];

describe('formatIcu', () => {
  it.each(['en', 'ru'])('writes what intl-messageformat writes (%s)', (locale) => {
    for (const [template, values] of cases) {
      expect(formatIcu(template, values, locale), template).toBe(
        reference(template, values, locale),
      );
    }
  });

  it('writes numbers the reader’s way', () => {
    expect(formatIcu('{price, number} USDT', { price: 1500 }, 'en')).toBe('1,500 USDT');
    expect(formatIcu('{price, number} USDT', { price: 1500 }, 'ru')).toBe('1\u00a0500 USDT');
    expect(formatIcu('{price, number}', { price: '2500' }, 'en')).toBe('2,500');
  });

  it('leaves a missing value visible and never writes NaN or undefined', () => {
    expect(formatIcu('{a} {b, number} {c, plural, other {#}}', {}, 'en')).toBe(
      '{a} {b, number} {c, plural, other {#}}',
    );
    expect(formatIcu('{b, number}', { b: 'many' }, 'en')).toBe('many');
    expect(formatIcu('{toString}', {}, 'en')).toBe('{toString}');
  });

  it('shows a broken template as written instead of failing', () => {
    expect(formatIcu('{a, plural, one {x}', { a: 1 }, 'en')).toBe('{a, plural, one {x}');
    expect(formatIcu('{a, bogus}', { a: 1 }, 'en')).toBe('{a, bogus}');
  });
});

describe('interpolate', () => {
  it('fills ICU numbers in the reader’s language, with the spec’s amounts as they are', () => {
    expect(interpolate('{x, number} USDT', { x: 1500 }, 'ru')).toBe('1\u00a0500 USDT');
    expect(interpolate('{fee}', { fee: { number: '0.5', unit: 'USDT' } }, 'ru')).toBe('0,5 USDT');
  });
});
