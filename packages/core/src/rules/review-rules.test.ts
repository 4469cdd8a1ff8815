import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_RULES, reviewRulesSchema } from '../api/review-rules.ts';
import { blockedWordIn, isOverdue, limitBreach } from './review-rules.ts';

describe('review rules', () => {
  it('finds a blocked word only as a whole word, whatever its case or script', () => {
    expect(blockedWordIn(['casino'], ['Best CASINO in town'])).toBe('casino');
    expect(blockedWordIn(['casino'], ['Casinos and more'])).toBeNull();
    expect(blockedWordIn(['free'], ['Freedom'])).toBeNull();
    expect(blockedWordIn(['казино'], ['Лучшее Казино!'])).toBe('казино');
    expect(blockedWordIn(['a.b'], ['axb'])).toBeNull();
    expect(blockedWordIn(['cheap beer', 'x'], ['title', 'Cheap  beer', 'Cheap beer today'])).toBe(
      'cheap beer',
    );
    expect(blockedWordIn([], ['anything'])).toBeNull();
  });

  it('names the first limit a campaign breaks', () => {
    const limits = { maxAreaRadiusKm: 10, minDailyCap: 50, maxDailyCap: 1000 };
    expect(limitBreach(limits, { areaRadiusKm: 11, dailyCap: 100 })).toEqual({
      field: 'areaRadiusKm',
      messageKey: 'review-rules.radius-too-large',
      params: { limit: 10 },
    });
    expect(limitBreach(limits, { areaRadiusKm: null, dailyCap: 49 })?.params).toEqual({
      limit: 50,
    });
    expect(limitBreach(limits, { areaRadiusKm: 10, dailyCap: 1001 })?.messageKey).toBe(
      'review-rules.cap-too-large',
    );
    expect(limitBreach(limits, { areaRadiusKm: 10, dailyCap: 1000 })).toBeNull();
  });

  it('marks an item overdue only once the target has passed', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(isOverdue('2026-11-26T12:00:00Z', 48, now)).toBe(false);
    expect(isOverdue('2026-11-26T11:59:00Z', 48, now)).toBe(true);
  });

  it('trims, lower-cases, drops empty and deduplicates the list before counting it', () => {
    const many = Array.from({ length: 200 }, (_, i) => `w${i}`);
    const parsed = reviewRulesSchema.parse({
      ...DEFAULT_REVIEW_RULES,
      blockedWords: [...many, ' W1 ', 'w2', '  '],
    });
    expect(parsed.blockedWords).toEqual(many);
    expect(
      reviewRulesSchema.safeParse({ ...DEFAULT_REVIEW_RULES, blockedWords: [...many, 'w200'] })
        .success,
    ).toBe(false);
    expect(
      reviewRulesSchema.safeParse({ ...DEFAULT_REVIEW_RULES, blockedWords: ['x'.repeat(41)] })
        .success,
    ).toBe(false);
  });

  it('keeps the bounds: caps in order, radius and hours within range', () => {
    const valid = (patch: object) =>
      reviewRulesSchema.safeParse({ ...DEFAULT_REVIEW_RULES, ...patch }).success;
    expect(valid({ minDailyCap: 10, maxDailyCap: 9 })).toBe(false);
    expect(valid({ maxAreaRadiusKm: 51 })).toBe(false);
    expect(valid({ maxAreaRadiusKm: 0 })).toBe(false);
    expect(valid({ reviewWithinHours: 0 })).toBe(false);
    expect(valid({ reviewWithinHours: 721 })).toBe(false);
    expect(valid({})).toBe(true);
  });
});
