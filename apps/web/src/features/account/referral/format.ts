import { USDT_DECIMALS } from '@meeet/core/constants';
import { formatNumber, formatTokenAmount } from '@meeet/core/format/number';

/** Smallest units of USDT as the shared number rule shows them, with the symbol. */
export function usdt(units: string | bigint): string {
  return `${formatTokenAmount(units, USDT_DECIMALS)} USDT`;
}

/** Smallest units → a plain number for the chart's bar heights (display only). */
export function usdtNumber(units: string): number {
  if (!/^\d+$/.test(units)) return 0;
  // Whole micro-USDT first (exact in bigint), then one division: ample for a bar's height.
  const scale = 10n ** BigInt(Math.max(USDT_DECIMALS - 6, 0));
  return Number(BigInt(units) / scale) / 10 ** Math.min(USDT_DECIMALS, 6);
}

/** A ratio (0.25) as a percentage through the shared number rule ('25%'); null → null. */
export function percent(ratio: number | null): string | null {
  return ratio === null ? null : `${formatNumber(ratio * 100)}%`;
}
