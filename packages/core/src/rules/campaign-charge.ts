// Money and status rules of businesses' self-serve ad campaigns (issue 44). Amounts are USDT in
// the ledger's smallest unit (bigint), never floats.

/** Impressions the price is quoted for. */
export const IMPRESSIONS_PER_PRICE = 1000n;

/**
 * What a day of `impressions` costs at `pricePerThousand` (smallest units): exactly
 * impressions × price / 1000, rounded DOWN to the smallest unit (a fraction of one unit is never
 * charged). With USDT's 18 decimals any price typed with up to 15 decimals divides exactly.
 */
export function chargeForImpressions(impressions: number, pricePerThousand: bigint): bigint {
  if (!Number.isSafeInteger(impressions) || impressions < 0) {
    throw new RangeError('impressions must be a non-negative integer');
  }
  if (pricePerThousand < 0n) throw new RangeError('price must not be negative');
  return (BigInt(impressions) * pricePerThousand) / IMPRESSIONS_PER_PRICE;
}

/**
 * A day's charge against what the business may spend: never more than the balance (never
 * below zero). `exhausted` when the day could not be paid in full, or when what is left would
 * not pay another full day at the campaign's daily cap: the campaign is then paused.
 */
export function settleDay(input: {
  impressions: number;
  pricePerThousand: bigint;
  spendable: bigint;
  dailyCap: number;
}): { due: bigint; charged: bigint; exhausted: boolean } {
  const due = chargeForImpressions(input.impressions, input.pricePerThousand);
  const spendable = input.spendable > 0n ? input.spendable : 0n;
  const charged = due < spendable ? due : spendable;
  const left = spendable - charged;
  const exhausted = charged < due || !coversDay(left, input.dailyCap, input.pricePerThousand);
  return { due, charged, exhausted };
}

/** Whether `spendable` pays a full day at the daily cap: the test for running (funded). */
export function coversDay(spendable: bigint, dailyCap: number, pricePerThousand: bigint): boolean {
  return spendable >= chargeForImpressions(dailyCap, pricePerThousand);
}

/** Great-circle distance in metres (the area targeting's test). */
export function distanceMetres(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
