import type { Chain } from '../chain/chain.client.ts';
import type { LedgerEntry } from './ledger.service.ts';

/** A row seen in a block but not final yet: the wallet counts its confirmations ("3 of 15"). */
function counting(row: LedgerEntry, chain: Chain | null): boolean {
  return (
    chain !== null &&
    chain.confirmations > 0 &&
    row.blockNumber !== null &&
    (row.status === 'PROCESSING' || row.status === 'REQUESTED')
  );
}

/**
 * The chain's head when one of `rows` counts confirmations, else null (no call is made). A head
 * the node cannot tell now leaves the counts out rather than failing the list.
 */
export async function headFor(
  chain: Chain | null,
  rows: readonly LedgerEntry[],
): Promise<bigint | null> {
  if (!chain || !rows.some((row) => counting(row, chain))) return null;
  try {
    return await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  } catch {
    return null;
  }
}

/** Blocks that hold the row (its own included) out of those it waits for, while it waits. */
export function confirmationsOf(
  row: LedgerEntry,
  chain: Chain | null,
  head: bigint | null,
): { count: number; required: number } | null {
  if (head === null || !counting(row, chain) || !chain) return null;
  const seen = head - BigInt(row.blockNumber ?? '0') + 1n;
  const count =
    seen < 0n ? 0 : Number(seen > BigInt(chain.confirmations) ? chain.confirmations : seen);
  return { count, required: chain.confirmations };
}

/** The most BNB (wei) our own transaction may burn in gas: its limit × price; null for others. */
export function gasFeeOf(row: LedgerEntry): string | null {
  if (row.gasLimit === null || row.gasPrice === null) return null;
  return (BigInt(row.gasLimit) * BigInt(row.gasPrice)).toString();
}
