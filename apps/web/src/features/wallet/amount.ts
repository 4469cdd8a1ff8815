import { parseTokenAmount, unitsToDecimal } from '@meeet/core/rules/amount';

// The wallet's arithmetic beyond core: everything in bigint smallest units, never floats.

/** Units as the server writes them (decimal text) → bigint; anything else → 0. */
export function toUnits(units: string | null | undefined): bigint {
  return typeof units === 'string' && /^\d+$/.test(units) ? BigInt(units) : 0n;
}

/**
 * The Max button: the whole withdrawable amount as the text a person would type ('12.5'),
 * exact to the last unit so the server reserves precisely what is there.
 */
export function maxAmountText(withdrawable: string, decimals: number): string {
  return unitsToDecimal(toUnits(withdrawable), decimals);
}

/**
 * 'msg.insufficient-funds' when the typed amount is a valid amount above what can be
 * withdrawn; null otherwise (an invalid amount is the schema's to report).
 */
export function checkAmountAvailable(
  text: string,
  withdrawable: string,
  decimals: number,
): 'msg.insufficient-funds' | null {
  const parsed = parseTokenAmount(text, decimals);
  if (!parsed.ok) return null;
  return parsed.units > toUnits(withdrawable) ? 'msg.insufficient-funds' : null;
}

/**
 * Whether the BNB at the address pays the fee of one more USDT transfer. The wallet's own
 * `canPayFee` is the server's word; the live fee (GET /crypto/fee) may have moved since, so
 * both must allow it.
 */
export function canPayFee(nativeBalance: string, canPayByWallet: boolean, minBalance?: string) {
  if (!canPayByWallet) return false;
  return minBalance === undefined || toUnits(nativeBalance) >= toUnits(minBalance);
}
