import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Database, DbExecutor } from '../../db/client.ts';
import { walletRepository as repo, type TransactionChanges } from './wallet.repository.ts';
import type { ChainTransactionRow, NewChainTransactionRow } from './wallet.schema.ts';

/** A row of the wallet's ledger (`chain_transactions`), as other modules see it. */
export type { ChainTransactionRow, NewChainTransactionRow, TransactionChanges };

/** What the notice of a settled ledger entry reads: the socket, pushes and each module's words. */
export type LedgerNotice = Pick<
  ChainTransactionRow,
  | 'id'
  | 'userId'
  | 'type'
  | 'status'
  | 'amount'
  | 'symbol'
  | 'fromAddress'
  | 'callData'
  | 'idempotencyKey'
>;

/**
 * What other modules may do with the wallet's ledger: the market and the referral payouts put
 * their own on-chain calls and credits through it, the market watcher settles queue rows. Every
 * function runs on the caller's executor, so it joins the caller's transaction. Lock order
 * everywhere: the user's wallet, then a ledger row, then the caller's own rows.
 */
export const walletLedger = {
  /** The user's wallet row for their deposit address (created on first use). */
  async ensureWallet(db: DbExecutor, userId: number, address: string): Promise<void> {
    await repo.ensureWallet(db, userId, address);
  },

  /** Row lock on the user's wallet until the transaction ends: spending waits here. */
  async lockWallet(db: DbExecutor, userId: number): Promise<void> {
    await repo.lockWallet(db, userId);
  },

  /** The users owning these deposit addresses (lower-case address → user id). */
  ownersOf(db: DbExecutor, addresses: Iterable<string>): Promise<Map<string, number>> {
    return repo.ownersOf(db, addresses);
  },

  insert(db: DbExecutor, values: NewChainTransactionRow): Promise<ChainTransactionRow> {
    return repo.insert(db, values);
  },

  findById(db: DbExecutor, id: number): Promise<ChainTransactionRow | undefined> {
    return repo.findById(db, id);
  },

  lockById(db: DbExecutor, id: number): Promise<ChainTransactionRow | undefined> {
    return repo.lockById(db, id);
  },

  findByIdempotencyKey(
    db: DbExecutor,
    userId: number,
    key: string,
  ): Promise<ChainTransactionRow | undefined> {
    return repo.findByIdempotencyKey(db, userId, key);
  },

  update(
    db: DbExecutor,
    id: number,
    changes: TransactionChanges,
  ): Promise<ChainTransactionRow | undefined> {
    return repo.update(db, id, changes);
  },
};

/**
 * The block each chain watcher has read up to, by name (the deposit and market watchers, and
 * the local chain, which rewinds or restarts the deposit cursor).
 */
export const watcherCursors = {
  get(db: DbExecutor, name: string): Promise<bigint | null> {
    return repo.cursor(db, name);
  },
  set(db: DbExecutor, name: string, block: bigint): Promise<void> {
    return repo.setCursor(db, name, block);
  },
  delete(db: DbExecutor, name: string): Promise<void> {
    return repo.deleteCursor(db, name);
  },
};

/** The contracts deployed on a local chain, remembered by chain id (the chain module). */
export const localDeployments = {
  async find(
    db: DbExecutor,
    chainId: number,
  ): Promise<{ usdt: string; token: string; market: string } | undefined> {
    const row = await repo.deployment(db, chainId);
    return row && { usdt: row.usdt, token: row.token, market: row.market };
  },
  save(
    db: DbExecutor,
    values: { chainId: number; usdt: string; token: string; market: string },
  ): Promise<void> {
    return repo.saveDeployment(db, values);
  },
};

/** A spending call without its Idempotency-Key header is refused before anything is read. */
export function idempotencyKeyRequired(): AppError {
  return new AppError(ErrorCode.VALIDATION_ERROR, {
    fields: { 'idempotency-key': 'msg.idempotency-key-required' },
  });
}

/** A command that spends from the user's address (withdraw, buy, leave a queue). */
export interface IdempotentCommand<T> {
  userId: number;
  /** The user's deposit address: its wallet row is what the lock is taken on. */
  address: string;
  /** The Idempotency-Key header. */
  key: string | undefined;
  /** What the request asks for, hashed: the key sent again with another request is refused. */
  requestHash: string;
  /** Under the lock, for a key already used with this same request: the earlier answer. */
  replay: (tx: DbExecutor, earlier: ChainTransactionRow) => Promise<T>;
  /** Under the lock, for a new key: checks the rules and writes the rows, committed together. */
  run: (tx: DbExecutor, key: string) => Promise<T>;
}

/**
 * The one path of every spending command: refuses a missing key, then under a row lock on the
 * user's wallet (so a double click, or another spending call at the same moment, waits) either
 * replays the request the key was first used for or runs it; refuses the key reused for another
 * request. Sending what `run` wrote happens after the commit, by the caller.
 */
export async function idempotentCommand<T>(
  db: Database,
  command: IdempotentCommand<T>,
): Promise<{ replayed: boolean; result: T }> {
  const key = command.key;
  if (!key) throw idempotencyKeyRequired();
  // The row must exist for the lock to hold anything.
  await repo.ensureWallet(db, command.userId, command.address);
  return db.transaction(async (tx) => {
    await repo.lockWallet(tx, command.userId);
    const earlier = await repo.findByIdempotencyKey(tx, command.userId, key);
    if (earlier) {
      if (earlier.requestHash !== command.requestHash) {
        throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
      }
      return { replayed: true, result: await command.replay(tx, earlier) };
    }
    return { replayed: false, result: await command.run(tx, key) };
  });
}
