import type { Address } from 'viem';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { DbExecutor } from '../../db/client.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { spendableFunds, type SpendableFunds } from './spendable.ts';
import { walletRepository as repo } from './wallet.repository.ts';
import type { ChainTransactionRow } from './wallet.schema.ts';
import { entryOf, type LedgerEntry } from './ledger-entry.ts';

export type { LedgerEntry, LedgerNotice } from './ledger-entry.ts';
export type { SpendableFunds };

/** An amount written to the ledger: a whole number of the token's smallest unit, never below 0. */
function units(amount: bigint): string {
  if (amount < 0n) throw new RangeError(`a ledger amount is never negative (${amount})`);
  return amount.toString();
}

/** A contract call the user's deposit address makes (the market's approve, buy and leave). */
export interface ContractCall {
  userId: number;
  type: 'APPROVE' | 'BUY_NFT';
  /** USDT the call moves or allows, in its smallest unit. */
  amount: bigint;
  from: string;
  /** The contract called. */
  to: string;
  callData: string;
  gasLimit: bigint;
  idempotencyKey: string;
  requestHash: string;
}

/** USDT a contract paid to a user, read from a final block (the market's generator rewards). */
export interface RewardReceived {
  userId: number;
  amount: bigint;
  from: string;
  to: string;
  hash: string;
  logIndex: number;
  blockNumber: bigint;
}

/** A REQUESTED USDT transfer (no call data) that the sender signs after the caller commits. */
async function requestTransfer(
  db: DbExecutor,
  transfer: {
    userId: number;
    type: 'OUTPUT' | 'REWARD';
    amount: bigint;
    from: string;
    to: string;
    key: string;
  },
): Promise<LedgerEntry> {
  const row = await repo.insert(db, {
    userId: transfer.userId,
    type: transfer.type,
    status: 'REQUESTED',
    symbol: 'USDT',
    amount: units(transfer.amount),
    fromAddress: transfer.from,
    toAddress: transfer.to,
    idempotencyKey: transfer.key,
  });
  return entryOf(row);
}

/** A CONFIRMED USDT entry read from a mined block (a reward received, a token generated). */
async function recordMined(
  db: DbExecutor,
  mined: Omit<RewardReceived, 'logIndex'> & {
    type: 'REWARD' | 'GENERATE';
    logIndex?: number;
    key?: string;
  },
): Promise<LedgerEntry> {
  const row = await repo.insert(db, {
    userId: mined.userId,
    type: mined.type,
    status: 'CONFIRMED',
    symbol: 'USDT',
    amount: units(mined.amount),
    fromAddress: mined.from,
    toAddress: mined.to,
    hash: mined.hash,
    logIndex: mined.logIndex ?? null,
    blockNumber: units(mined.blockNumber),
    idempotencyKey: mined.key ?? null,
  });
  return entryOf(row);
}

/** A spending command that acts once per key (see `idempotentCommand`), seen from a module. */
export interface SpendCommand<T> {
  userId: number;
  /** The user's deposit address: its wallet row is what the lock is taken on. */
  address: string;
  /** The Idempotency-Key header. */
  key: string | undefined;
  /** What the request asks for, hashed: the key sent again with another request is refused. */
  requestHash: string;
  /** Under the lock, for a key already used with this same request: the earlier answer. */
  replay: (tx: Tx, earlier: LedgerEntry) => Promise<T>;
  /** Under the lock, for a new key: checks the rules and writes the rows, committed together. */
  run: (tx: Tx, key: string) => Promise<T>;
}

/**
 * What other modules may do with the wallet's ledger, named by what they do: the market sends
 * contract calls from the user's address and records what its contract paid, ads charge a
 * campaign, the referral shows its payouts. Every operation runs in the unit of work it is
 * given (`Tx`, plugins/db.ts), so a module's own rows and the ledger's commit together; it
 * answers in ledger entries, never in table rows. Lock order everywhere: the user's wallet,
 * then a ledger entry, then the caller's own rows.
 */
export const ledger = {
  /** The user's wallet for their deposit address (made on first use). */
  async openWallet(tx: Tx, userId: number, address: string): Promise<void> {
    await repo.ensureWallet(executorOf(tx), userId, address);
  },

  /**
   * Opens the user's wallet if need be and locks it until `tx` ends: another spending call
   * waits, so what `spendable` reads meanwhile stays true until the commit.
   */
  async lockForSpending(tx: Tx, userId: number, address: string): Promise<void> {
    const db = executorOf(tx);
    await repo.ensureWallet(db, userId, address);
    await repo.lockWallet(db, userId);
  },

  /** What the user may spend now (spendable.ts); read under `lockForSpending` to rely on it. */
  spendable(tx: Tx, chain: Chain, userId: number, address: Address): Promise<SpendableFunds> {
    return spendableFunds(chain, executorOf(tx), userId, address);
  },

  /** The users owning these deposit addresses (lower-case address → user id). */
  ownersOf(tx: Tx, addresses: Iterable<string>): Promise<Map<string, number>> {
    return repo.ownersOf(executorOf(tx), addresses);
  },

  async entry(tx: Tx, id: number): Promise<LedgerEntry | undefined> {
    const row = await repo.findById(executorOf(tx), id);
    return row && entryOf(row);
  },

  /** The entry, locked after its owner's wallet (the sender's settle takes them so too). */
  async lockEntry(tx: Tx, userId: number, id: number): Promise<LedgerEntry | undefined> {
    const db = executorOf(tx);
    await repo.lockWallet(db, userId);
    const row = await repo.lockById(db, id);
    return row && entryOf(row);
  },

  /** Writes the call as REQUESTED; the caller hands its id to the sender after the commit. */
  async requestContractCall(tx: Tx, call: ContractCall): Promise<LedgerEntry> {
    const row = await repo.insert(executorOf(tx), {
      userId: call.userId,
      type: call.type,
      status: 'REQUESTED',
      symbol: 'USDT',
      amount: units(call.amount),
      fromAddress: call.from,
      toAddress: call.to,
      callData: call.callData,
      gasLimit: units(call.gasLimit),
      idempotencyKey: call.idempotencyKey,
      requestHash: call.requestHash,
    });
    return entryOf(row);
  },

  /**
   * A USDT transfer from the user's deposit address to the hot wallet, REQUESTED under `key`
   * (a campaign's day); the caller hands its id to the sender after the commit.
   */
  async chargeToHotWallet(
    tx: Tx,
    chain: Chain,
    charge: { userId: number; amount: bigint; key: string },
  ): Promise<LedgerEntry> {
    return requestTransfer(executorOf(tx), {
      userId: charge.userId,
      type: 'OUTPUT',
      amount: charge.amount,
      from: chain.keys.depositAccount(charge.userId).address,
      to: chain.keys.hot.address,
      key: charge.key,
    });
  },

  /** Credits a CONFIRMED REWARD the user received on chain (read once, from a final block). */
  async creditReward(tx: Tx, reward: RewardReceived): Promise<LedgerEntry> {
    return recordMined(executorOf(tx), { ...reward, type: 'REWARD' });
  },

  /**
   * A user's GENERATE entry for a token minted after a meeting (the mint is the hot wallet's
   * transaction; each generator gets one). `key` makes it exactly once per user.
   */
  async recordGenerated(
    tx: Tx,
    generated: {
      userId: number;
      key: string;
      hash: string;
      blockNumber: bigint;
      fromAddress: string;
      toAddress: string;
    },
  ): Promise<LedgerEntry> {
    const db = executorOf(tx);
    const earlier = await repo.findByIdempotencyKey(db, generated.userId, generated.key);
    if (earlier) return entryOf(earlier);
    return recordMined(db, {
      ...generated,
      type: 'GENERATE',
      amount: 0n,
      from: generated.fromAddress,
      to: generated.toAddress,
    });
  },

  /**
   * For modules that pay users (referral, affiliate payouts): a REQUESTED REWARD from the hot
   * wallet to the user's deposit address. The caller hands its id to the sender after the
   * commit (`sender.dispatch`); the sender's tracker signs entries a crash left behind, so a
   * committed one is paid once.
   */
  async requestHotWalletReward(
    tx: Tx,
    chain: Chain,
    reward: { userId: number; amount: bigint; idempotencyKey: string },
  ): Promise<LedgerEntry> {
    const db = executorOf(tx);
    const address = chain.keys.depositAccount(reward.userId).address;
    await repo.ensureWallet(db, reward.userId, address);
    return requestTransfer(db, {
      userId: reward.userId,
      type: 'REWARD',
      amount: reward.amount,
      from: chain.keys.hot.address,
      to: address,
      key: reward.idempotencyKey,
    });
  },

  /** Ends an entry the chain settled outside its own transaction (a queue served or left). */
  async settle(
    tx: Tx,
    id: number,
    outcome: { status: 'CONFIRMED' | 'CANCELED'; error: string | null },
  ): Promise<LedgerEntry | undefined> {
    const row = await repo.update(executorOf(tx), id, outcome);
    return row && entryOf(row);
  },

  /** The block the chain watcher `name` has read up to; null before its first pass. */
  cursor(tx: Tx, name: string): Promise<bigint | null> {
    return repo.cursor(executorOf(tx), name);
  },

  moveCursor(tx: Tx, name: string, block: bigint): Promise<void> {
    return repo.setCursor(executorOf(tx), name, block);
  },

  /**
   * Runs a spending command once per key, in its own transaction opened on `tx` (the
   * database; see `idempotentCommand`). Sending what `run` wrote happens after the commit.
   */
  spendOnce<T>(tx: Tx, command: SpendCommand<T>): Promise<{ replayed: boolean; result: T }> {
    return idempotentCommand(executorOf(tx), {
      ...command,
      replay: (inner, earlier) => command.replay(txOf(inner), entryOf(earlier)),
      run: (inner, key) => command.run(txOf(inner), key),
    });
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
  db: DbExecutor,
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
