import { asc, eq, sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import type { TestApp } from '../../../test/helpers.ts';
import { chainTransactions } from './wallet.schema.ts';

export const USDT = (text: string) => parseUnits(text, 18);
/** An outside address (anvil's account 9) that receives withdrawals. */
export const OUTSIDE = mnemonicToAccount(
  'test test test test test test test test test test test junk',
  {
    addressIndex: 9,
  },
).address;

/** A user's chain transactions, oldest first. */
export async function rows(t: TestApp, userId: number) {
  return t.db
    .select()
    .from(chainTransactions)
    .where(eq(chainTransactions.userId, userId))
    .orderBy(asc(chainTransactions.id));
}

/** How many chain transactions there are in all. */
export async function countAll(t: TestApp): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from chain_transactions`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Runs the withdrawal tracker until nothing is open (instant mining: a pass or two). */
export async function settleAll(t: TestApp): Promise<void> {
  const { sender } = t.app.chain.require();
  for (let i = 0; i < 20; i++) {
    await sender.track();
    const open = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chain_transactions where status in ('REQUESTED', 'PROCESSING')`,
    );
    if ((open.rows[0]?.n ?? 0) === 0) return;
  }
  throw new Error('withdrawals did not settle');
}
