import { asc, eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import type { HeldFunds } from '@meeet/core/rules/account-deletion';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { chainTransactions, wallets } from './wallet.schema.ts';
import { addressBalances } from './wallet.service.ts';

/**
 * What a user still holds at the custodial address (account deletion asks before it erases).
 * A user who never opened the wallet holds nothing; otherwise the chain is read, and answers
 * 503 while it is not attached.
 */
export async function heldFunds(runtime: ChainRuntime, tx: Tx, userId: number): Promise<HeldFunds> {
  const [wallet] = await executorOf(tx).select().from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) return { usdt: 0n, bnb: 0n, tokens: 0 };
  const { chain } = runtime.require();
  const address = getAddress(wallet.address);
  const token = chain.contracts.token;
  const [{ usdt, bnb }, ids] = await Promise.all([
    addressBalances(chain, address),
    token
      ? chain.publicClient.readContract({
          address: token,
          abi: MeeetTokenAbi,
          functionName: 'tokensOf',
          args: [address],
        })
      : Promise.resolve([] as readonly bigint[]),
  ]);
  return { usdt, bnb, tokens: ids.filter((id) => id > 0n).length };
}

/**
 * The user's ledger rows for a data export. Erasure keeps them (payment law) as they are: they
 * name only the account id, whose personal data is gone, and public chain addresses.
 */
export async function transactionsForExport(tx: Tx, userId: number) {
  const rows = await executorOf(tx)
    .select()
    .from(chainTransactions)
    .where(eq(chainTransactions.userId, userId))
    .orderBy(asc(chainTransactions.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    symbol: row.symbol,
    amount: row.amount,
    hash: row.hash,
    createdAt: row.createdAt.toISOString(),
  }));
}
