import { describe, expect, it } from 'vitest';
import { chargeForImpressions, coversDay, distanceMetres, settleDay } from './campaign-charge.ts';

const USDT = 10n ** 18n;

describe('campaign charges', () => {
  it('charges impressions × price / 1000 exactly', () => {
    expect(chargeForImpressions(1, 2n * USDT)).toBe((2n * USDT) / 1000n);
    expect(chargeForImpressions(1234, 2n * USDT)).toBe(2_468_000_000_000_000_000n);
    expect(chargeForImpressions(0, 2n * USDT)).toBe(0n);
  });

  it('rounds a fraction of the smallest unit down', () => {
    expect(chargeForImpressions(1, 1999n)).toBe(1n);
    expect(chargeForImpressions(3, 333n)).toBe(0n);
  });

  it('refuses negative or fractional impressions', () => {
    expect(() => chargeForImpressions(-1, 1n)).toThrow(RangeError);
    expect(() => chargeForImpressions(1.5, 1n)).toThrow(RangeError);
  });

  it('never charges below zero and pauses when the balance runs out', () => {
    expect(
      settleDay({ impressions: 10, pricePerThousand: 1000n, spendable: 4n, dailyCap: 10 }),
    ).toEqual({
      due: 10n,
      charged: 4n,
      exhausted: true,
    });
    expect(
      settleDay({ impressions: 10, pricePerThousand: 1000n, spendable: -5n, dailyCap: 10 }),
    ).toEqual({
      due: 10n,
      charged: 0n,
      exhausted: true,
    });
  });

  it('keeps running while what is left pays a full day at the cap', () => {
    expect(
      settleDay({ impressions: 10, pricePerThousand: 1000n, spendable: 20n, dailyCap: 10 }),
    ).toEqual({
      due: 10n,
      charged: 10n,
      exhausted: false,
    });
    expect(
      settleDay({ impressions: 10, pricePerThousand: 1000n, spendable: 19n, dailyCap: 10 })
        .exhausted,
    ).toBe(true);
    expect(coversDay(10n, 10, 1000n)).toBe(true);
    expect(coversDay(9n, 10, 1000n)).toBe(false);
  });

  it('measures distance on the sphere', () => {
    const d = distanceMetres({ lat: 55.75, lon: 37.61 }, { lat: 55.76, lon: 37.61 });
    expect(d).toBeGreaterThan(1100);
    expect(d).toBeLessThan(1120);
  });
});
