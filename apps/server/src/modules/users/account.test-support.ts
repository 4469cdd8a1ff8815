import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** One row of a raw query, for tests that look at other modules' tables as a reader would. */
export async function one<T extends Record<string, unknown>>(
  db: Database,
  query: ReturnType<typeof sql>,
): Promise<T | undefined> {
  const result = await db.execute<T>(query);
  return result.rows[0] as T | undefined;
}

/** A conversation between two users with one message from `from`; its message id. */
export async function messageBetween(
  db: Database,
  from: number,
  to: number,
  text: string,
): Promise<number> {
  const [a, b] = from < to ? [from, to] : [to, from];
  const conversation = await one<{ id: number }>(
    db,
    sql`insert into meet_conversations (user_a, user_b, started_by) values (${a}, ${b}, ${from})
        on conflict (user_a, user_b) do update set started_by = excluded.started_by returning id`,
  );
  const message = await one<{ id: number }>(
    db,
    sql`insert into meet_messages (conversation_id, sender_id, client_id, text)
        values (${conversation!.id}, ${from}, ${`c-${Date.now()}-${Math.random()}`}, ${text})
        returning id`,
  );
  return Number(message!.id);
}

/** A ledger row of the user, as the wallet writes one for a confirmed deposit. */
export async function ledgerRow(db: Database, userId: number, hash: string): Promise<void> {
  await db.execute(
    sql`insert into chain_transactions (user_id, type, status, symbol, amount, hash, log_index)
        values (${userId}, 'INPUT', 'CONFIRMED', 'USDT', '5000000000000000000', ${hash}, 0)`,
  );
}
