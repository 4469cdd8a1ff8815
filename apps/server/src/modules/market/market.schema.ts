import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * One purchase per BUY_NFT transaction: what it bought or where it waits. `status`:
 * `pending` signed and on its way; `queued` prepaid in the level's queue; `completed` the token
 * is the buyer's (`token_id`); `canceled` left the queue or refunded; `failed` reverted or
 * refused. A user has at most one pending or queued purchase per level (the unique index), so
 * two concurrent requests can never both pay.
 */
export const marketPurchases = pgTable(
  'market_purchases',
  {
    transactionId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => chainTransactions.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    level: smallint().notNull(),
    approveTransactionId: bigint({ mode: 'number' }).references(() => chainTransactions.id, {
      onDelete: 'restrict',
    }),
    /** The leaveQueue call, once the buyer asks to leave. */
    leaveTransactionId: bigint({ mode: 'number' }).references(() => chainTransactions.id, {
      onDelete: 'restrict',
    }),
    status: text().notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('market_purchases_open_key')
      .on(t.userId, t.level)
      .where(sql`${t.status} in ('pending', 'queued')`),
    uniqueIndex('market_purchases_leave_key').on(t.leaveTransactionId),
    index('market_purchases_user_idx').on(t.userId),
    check('market_purchases_level_check', sql`${t.level} in (0, 1, 2)`),
    check(
      'market_purchases_status_check',
      sql`${t.status} in ('pending', 'queued', 'completed', 'canceled', 'failed')`,
    ),
  ],
);

export type MarketPurchaseRow = typeof marketPurchases.$inferSelect;
