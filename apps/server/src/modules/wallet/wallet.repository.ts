import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import type { TransactionStatus, TransactionType } from '@meeet/core/enums';
import {
  chainCursors,
  chainDeployments,
  chainTransactions,
  wallets,
  type ChainTransactionRow,
  type NewChainTransactionRow,
  type WalletRow,
} from './wallet.schema.ts';

/** Statuses of an outgoing transaction whose amount is still held back. */
export const OPEN_STATUSES = ['REQUESTED', 'PROCESSING'] as const;

export type TransactionChanges = Partial<
  Pick<
    NewChainTransactionRow,
    | 'status'
    | 'hash'
    | 'nonce'
    | 'rawTransaction'
    | 'gasLimit'
    | 'gasPrice'
    | 'blockNumber'
    | 'error'
  >
>;

/** All SQL of wallets, chain transactions, the watcher's cursor and local deployments. */
export const walletRepository = {
  /** Deposits and withdrawals not settled yet (the monitor). */
  async pendingCounts(db: DbExecutor): Promise<{ deposits: number; withdrawals: number }> {
    const open = sql`${chainTransactions.status} in ('REQUESTED', 'PROCESSING', 'PENDING')`;
    const [row] = await db
      .select({
        deposits: sql<number>`(count(*) filter (where ${chainTransactions.type} = 'INPUT' and ${open}))::int`,
        withdrawals: sql<number>`(count(*) filter (where ${chainTransactions.type} = 'OUTPUT' and ${open}))::int`,
      })
      .from(chainTransactions);
    return row ?? { deposits: 0, withdrawals: 0 };
  },

  async ensureWallet(db: DbExecutor, userId: number, address: string): Promise<WalletRow> {
    await db.insert(wallets).values({ userId, address }).onConflictDoNothing();
    const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1);
    if (!row) throw new Error('wallet row missing after insert');
    return row;
  },

  async findWallet(db: DbExecutor, userId: number): Promise<WalletRow | undefined> {
    const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1);
    return row;
  },

  /** Row lock on the user's wallet until the transaction ends: withdrawals queue here. */
  async lockWallet(db: DbExecutor, userId: number): Promise<WalletRow | undefined> {
    const [row] = await db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .for('update')
      .limit(1);
    return row;
  },

  /**
   * The users owning these deposit addresses (lower-case address → user id), looked up by the
   * addresses at hand so the cost follows the question, not the size of the table.
   */
  async ownersOf(db: DbExecutor, addresses: Iterable<string>): Promise<Map<string, number>> {
    const wanted = [...new Set([...addresses].map((address) => address.toLowerCase()))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ userId: wallets.userId, address: wallets.address })
      .from(wallets)
      .where(inArray(sql`lower(${wallets.address})`, wanted));
    return new Map(rows.map((row) => [row.address.toLowerCase(), row.userId]));
  },

  /** Whether any deposit address exists yet (a watcher with none reads nothing). */
  async anyWallet(db: DbExecutor): Promise<boolean> {
    const [row] = await db.select({ userId: wallets.userId }).from(wallets).limit(1);
    return row !== undefined;
  },

  /** Records deposits; ones already recorded (same hash and log index) are skipped. */
  async insertInputs(
    db: DbExecutor,
    rows: readonly NewChainTransactionRow[],
  ): Promise<ChainTransactionRow[]> {
    if (rows.length === 0) return [];
    return (
      db
        .insert(chainTransactions)
        .values([...rows])
        // A deposit first seen on its way (PROCESSING) becomes CONFIRMED when read final; a row
        // seen again in the same state is left alone (and not returned: nobody hears twice).
        .onConflictDoUpdate({
          target: [chainTransactions.hash, chainTransactions.logIndex],
          targetWhere: sql`${chainTransactions.type} = 'INPUT'`,
          set: {
            status: sql`excluded.status`,
            blockNumber: sql`excluded.block_number`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${chainTransactions.status} = 'PROCESSING' and excluded.status = 'CONFIRMED'`,
        })
        .returning()
    );
  },

  /** Deposits shown on their way in a block now final that the final read did not find. */
  async dropUnfinalInputs(db: DbExecutor, finalBlock: bigint): Promise<ChainTransactionRow[]> {
    return db
      .update(chainTransactions)
      .set({ status: 'CANCELED', error: 'wallet.deposit-dropped', updatedAt: sql`now()` })
      .where(
        and(
          eq(chainTransactions.type, 'INPUT'),
          eq(chainTransactions.status, 'PROCESSING'),
          sql`${chainTransactions.blockNumber} <= ${finalBlock.toString()}`,
        ),
      )
      .returning();
  },

  async insert(db: DbExecutor, values: NewChainTransactionRow): Promise<ChainTransactionRow> {
    const [row] = await db.insert(chainTransactions).values(values).returning();
    if (!row) throw new Error('insert into chain_transactions returned no row');
    return row;
  },

  async findById(db: DbExecutor, id: number): Promise<ChainTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.id, id))
      .limit(1);
    return row;
  },

  async lockById(db: DbExecutor, id: number): Promise<ChainTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.id, id))
      .for('update')
      .limit(1);
    return row;
  },

  async findForUser(
    db: DbExecutor,
    userId: number,
    id: number,
  ): Promise<ChainTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.id, id), eq(chainTransactions.userId, userId)))
      .limit(1);
    return row;
  },

  async findByIdempotencyKey(
    db: DbExecutor,
    userId: number,
    key: string,
  ): Promise<ChainTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, userId), eq(chainTransactions.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  async list(
    db: DbExecutor,
    userId: number,
    filter: { type?: TransactionType | undefined; status?: TransactionStatus | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ total: number; list: ChainTransactionRow[] }> {
    const where = and(
      eq(chainTransactions.userId, userId),
      filter.type ? eq(chainTransactions.type, filter.type) : undefined,
      filter.status ? eq(chainTransactions.status, filter.status) : undefined,
    );
    const [totalRow] = await db.select({ total: count() }).from(chainTransactions).where(where);
    const list = await db
      .select()
      .from(chainTransactions)
      .where(where)
      .orderBy(desc(chainTransactions.createdAt), desc(chainTransactions.id))
      .offset(page.offset)
      .limit(page.limit);
    return { total: totalRow?.total ?? 0, list };
  },

  /** The user's outgoing rows not yet settled (withdrawals, approvals, purchases, refunds). */
  async openOutgoingOf(db: DbExecutor, userId: number): Promise<ChainTransactionRow[]> {
    return db
      .select()
      .from(chainTransactions)
      .where(
        and(
          eq(chainTransactions.userId, userId),
          inArray(chainTransactions.status, [...OPEN_STATUSES]),
          sql`${chainTransactions.type} <> 'INPUT'`,
        ),
      )
      .orderBy(chainTransactions.id);
  },

  /** Outgoing rows not yet settled, oldest first: what the tracker follows. */
  async openOutgoing(db: DbExecutor): Promise<ChainTransactionRow[]> {
    return db
      .select()
      .from(chainTransactions)
      .where(
        and(
          inArray(chainTransactions.status, [...OPEN_STATUSES]),
          sql`${chainTransactions.type} <> 'INPUT'`,
        ),
      )
      .orderBy(chainTransactions.id);
  },

  /** The next nonce our own signed-but-unsettled rows already use for `from`, if any. */
  async nextOwnNonce(db: DbExecutor, fromAddress: string): Promise<number | null> {
    const [row] = await db
      .select({ nonce: sql<number | null>`max(${chainTransactions.nonce})` })
      .from(chainTransactions)
      .where(
        and(
          sql`lower(${chainTransactions.fromAddress}) = lower(${fromAddress})`,
          eq(chainTransactions.status, 'PROCESSING'),
        ),
      );
    return row?.nonce === null || row?.nonce === undefined ? null : Number(row.nonce) + 1;
  },

  /** Our signed, unsettled rows from `fromAddress` with a nonce of at least `nonce`, in order. */
  async signedFrom(db: DbExecutor, fromAddress: string, nonce: number) {
    return db
      .select()
      .from(chainTransactions)
      .where(
        and(
          sql`lower(${chainTransactions.fromAddress}) = lower(${fromAddress})`,
          eq(chainTransactions.status, 'PROCESSING'),
          sql`${chainTransactions.nonce} >= ${nonce}`,
        ),
      )
      .orderBy(chainTransactions.nonce);
  },

  /** Serialises signing for one sender address across processes until the transaction ends. */
  async lockSender(db: DbExecutor, address: string): Promise<void> {
    await db.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`sender:${address.toLowerCase()}`}))`,
    );
  },

  async update(
    db: DbExecutor,
    id: number,
    changes: TransactionChanges,
  ): Promise<ChainTransactionRow | undefined> {
    const [row] = await db
      .update(chainTransactions)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(chainTransactions.id, id))
      .returning();
    return row;
  },

  async cursor(db: DbExecutor, name: string): Promise<bigint | null> {
    const [row] = await db.select().from(chainCursors).where(eq(chainCursors.name, name)).limit(1);
    return row ? BigInt(row.block) : null;
  },

  async setCursor(db: DbExecutor, name: string, block: bigint): Promise<void> {
    await db
      .insert(chainCursors)
      .values({ name, block: block.toString() })
      .onConflictDoUpdate({
        target: chainCursors.name,
        set: { block: block.toString(), updatedAt: sql`now()` },
      });
  },

  async deleteCursor(db: DbExecutor, name: string): Promise<void> {
    await db.delete(chainCursors).where(eq(chainCursors.name, name));
  },

  async deployment(db: DbExecutor, chainId: number) {
    const [row] = await db
      .select()
      .from(chainDeployments)
      .where(eq(chainDeployments.chainId, chainId))
      .limit(1);
    return row;
  },

  async saveDeployment(
    db: DbExecutor,
    values: { chainId: number; usdt: string; token: string; market: string },
  ): Promise<void> {
    await db
      .insert(chainDeployments)
      .values(values)
      .onConflictDoUpdate({
        target: chainDeployments.chainId,
        set: {
          usdt: values.usdt,
          token: values.token,
          market: values.market,
          deployedAt: sql`now()`,
        },
      });
  },
};
