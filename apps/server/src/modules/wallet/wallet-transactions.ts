import type { Transaction } from '@meeet/core/api/crypto';
import { BNB_DECIMALS, USDT_DECIMALS } from '@meeet/core/constants';
import type { TransactionStatus, TransactionType } from '@meeet/core/enums';
import { executorOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { confirmationsOf, gasFeeOf } from './confirmations.ts';
import type { LedgerEntry } from './ledger.service.ts';
import { walletRepository as repo } from './wallet.repository.ts';

/** A ledger row as the API shows it. */
export function toTransaction(
  row: LedgerEntry,
  chain: Chain | null,
  /** The chain's head, for the confirmations of a row that waits (confirmations.ts). */
  head: bigint | null = null,
): Transaction {
  return {
    id: row.id,
    type: row.type as TransactionType,
    status: row.status as TransactionStatus,
    amount: row.amount,
    symbol: row.symbol as 'USDT' | 'BNB',
    decimals: row.symbol === 'USDT' ? USDT_DECIMALS : BNB_DECIMALS,
    from: row.fromAddress,
    to: row.toAddress,
    hash: row.hash,
    explorerUrl: chain ? chain.explorerTxUrl(row.hash) : null,
    blockNumber: row.blockNumber,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    confirmations: confirmationsOf(row, chain, head),
    gasFee: gasFeeOf(row),
  };
}

/** For other modules: their transactions as the API shows them, by id. */
export async function transactionsById(
  tx: Tx,
  chain: Chain | null,
  ids: readonly number[],
): Promise<Map<number, Transaction>> {
  const found = new Map<number, Transaction>();
  for (const id of new Set(ids)) {
    const row = await repo.findById(executorOf(tx), id);
    if (row) found.set(id, toTransaction(row, chain));
  }
  return found;
}
