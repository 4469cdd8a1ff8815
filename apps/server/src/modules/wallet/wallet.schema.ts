import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TransactionStatus, TransactionType } from '@meeet/core/enums';
import { users } from '../users/users.schema.ts';
import { createdAt, identityKey, timestamps, timestamptz, units } from '../../db/columns.ts';

/**
 * A user's deposit address (BIP-44 m/44'/60'/0'/0/{userId}), made the first time the user
 * asks for the wallet. The watcher credits deposits to the addresses listed here; the row is
 * also what a withdrawal locks so concurrent requests cannot reserve the same money.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** EIP-55 checksummed; unique in lower case. */
    address: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallets_address_lower_key').on(sql`lower(${t.address})`)],
);

export type WalletRow = typeof wallets.$inferSelect;

/**
 * Every on-chain transaction of a user (spec §3 status and type). Incoming rows (INPUT) are
 * unique by (hash, log index; -1 for a native transfer). Outgoing rows are written before
 * signing (REQUESTED), carry their nonce and signed bytes once signed (PROCESSING with hash),
 * and end CONFIRMED or FAIL; a client Idempotency-Key makes a request act once.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: identityKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text().$type<TransactionType>().notNull(),
    status: text().$type<TransactionStatus>().notNull(),
    symbol: text().notNull(),
    amount: units('amount').notNull(),
    fromAddress: text(),
    toAddress: text(),
    hash: text(),
    /** Log index of an ERC-20 Transfer; -1 for a native (BNB) transfer. */
    logIndex: integer(),
    blockNumber: units('block_number'),
    /** Outgoing: the sender's nonce and the signed transaction, so a restart can resend it. */
    nonce: integer(),
    rawTransaction: text(),
    gasLimit: units('gas_limit'),
    gasPrice: units('gas_price'),
    /**
     * A contract call (APPROVE, BUY_NFT): the call data sent to `toAddress` with no value and
     * `gasLimit` gas. Null for a plain USDT or BNB transfer.
     */
    callData: text(),
    idempotencyKey: text(),
    /** SHA-256 of the request a key was first used with; another request with the key is refused. */
    requestHash: text(),
    /** Message key of a failure. */
    error: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('chain_transactions_input_key')
      .on(t.hash, t.logIndex)
      .where(sql`${t.type} = 'INPUT'`),
    uniqueIndex('chain_transactions_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('chain_transactions_user_idx').on(t.userId, t.createdAt),
    index('chain_transactions_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('REQUESTED', 'PROCESSING')`),
    check(
      'chain_transactions_type_check',
      sql`${t.type} in ('BUY_NFT', 'GASING', 'APPROVE', 'INPUT', 'REWARD', 'OUTPUT', 'GENERATE')`,
    ),
    check(
      'chain_transactions_status_check',
      sql`${t.status} in ('REQUESTED', 'PROCESSING', 'CONFIRMED', 'FAIL', 'PENDING', 'CANCELED', 'NONE')`,
    ),
    check('chain_transactions_symbol_check', sql`${t.symbol} in ('USDT', 'BNB')`),
    check('chain_transactions_amount_check', sql`${t.amount} >= 0`),
  ],
);

export type ChainTransactionRow = typeof chainTransactions.$inferSelect;
export type NewChainTransactionRow = typeof chainTransactions.$inferInsert;

/** Progress of background readers of the chain (the deposit watcher's last scanned block). */
export const chainCursors = pgTable('chain_cursors', {
  name: text().primaryKey(),
  block: units('block').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Contract addresses deployed by the server itself on a local chain, per chain id. */
export const chainDeployments = pgTable('chain_deployments', {
  chainId: integer().primaryKey(),
  usdt: text().notNull(),
  token: text().notNull(),
  market: text().notNull(),
  deployedAt: timestamptz('deployed_at').notNull().defaultNow(),
});
