import type { TransactionListResponse } from '@meeet/core/api/crypto';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { headFor } from './confirmations.ts';
import { toTransaction } from './wallet.service.ts';
import { walletRepository as repo } from './wallet.repository.ts';

/**
 * For the staff user page (issue 46): a user's wallet transactions, newest first, as the user
 * sees them in their own wallet.
 */
export async function transactionsOfUser(
  tx: Tx,
  runtime: ChainRuntime,
  userId: number,
  page: { offset: number; limit: number },
): Promise<TransactionListResponse> {
  const chain = runtime.attached ? runtime.require().chain : null;
  const found = await repo.list(executorOf(tx), userId, {}, page);
  const head = await headFor(chain, found.list);
  return {
    ...page,
    total: found.total,
    list: found.list.map((row) => toTransaction(row, chain, head)),
  };
}
