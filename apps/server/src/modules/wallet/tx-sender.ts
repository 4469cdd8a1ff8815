import type { FastifyBaseLogger } from 'fastify';
import {
  encodeFunctionData,
  erc20Abi,
  HttpRequestError,
  keccak256,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { Database } from '../../db/client.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { walletRepository as repo } from './wallet.repository.ts';
import type { ChainTransactionRow } from './wallet.schema.ts';
import { entryOf, type LedgerEntry } from './ledger-entry.ts';

/**
 * Gas limit of a USDT transfer: an ERC-20 transfer to a new holder costs about 52 000 gas on
 * BSC's USDT and on the test token; the margin covers storage-cost differences. The fee shown
 * to users (`GET /crypto/fee`) is this × the gas price, and withdrawals are signed with it.
 */
export const TOKEN_TRANSFER_GAS = 65_000n;
/** A plain BNB transfer. */
export const NATIVE_TRANSFER_GAS = 21_000n;

export type SettledListener = (row: LedgerEntry) => void;

/**
 * Decides the end state of a mined row of one type, inside the settling database transaction
 * (so a module's own records move with the row). Return null to settle as usual.
 */
export type ReceiptInterpreter = (
  tx: Tx,
  row: LedgerEntry,
  /** Null when the node refused the transaction (nothing was mined). */
  receipt: TransactionReceipt | null,
) => Promise<{ status: SettledStatus; error: string | null } | null>;
export type SettledStatus = 'CONFIRMED' | 'FAIL' | 'PENDING' | 'CANCELED';

function isNetworkError(error: unknown): boolean {
  return error instanceof HttpRequestError || error instanceof TimeoutError;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError
  );
}

/**
 * The nonce for the next transaction from `address`, and the right to use it: takes the
 * sender lock of that address until `tx` ends (a database advisory lock, across processes)
 * and returns the larger of the node's pending count and one past the highest nonce of our own
 * signed, unsettled rows (signed but perhaps not yet broadcast, so the node cannot know them).
 * Signed rows the node has not seen yet are broadcast again first. Everything that sends from
 * an address we sign for — the sender's rows, and the market's
 * mints from the hot wallet, which also pays referral rewards — takes its nonce here, so two
 * of them never share one. The caller must broadcast before `tx` ends, or store the signed
 * row (PROCESSING) in `tx`, as the sender does.
 */
export async function reserveNonce(unit: Tx, chain: Chain, address: Address): Promise<number> {
  const tx = executorOf(unit);
  await repo.lockSender(tx, address);
  const [chainNonce, ownNonce] = await Promise.all([
    chain.publicClient.getTransactionCount({ address, blockTag: 'pending' }),
    repo.nextOwnNonce(tx, address),
  ]);
  if (ownNonce !== null && ownNonce > chainNonce) {
    // Rows we signed whose broadcast the node never got: sent again first, so the nonce handed
    // out now is not stuck behind a gap. A row the node refuses is the tracker's to settle.
    for (const row of await repo.signedFrom(tx, address, chainNonce)) {
      if (!row.rawTransaction) continue;
      await chain.publicClient
        .sendRawTransaction({ serializedTransaction: row.rawTransaction as Hex })
        .catch(() => undefined);
    }
  }
  return Math.max(chainNonce, ownNonce ?? 0);
}

/**
 * The one way money leaves a user address. A row is written (REQUESTED) before anything is
 * signed; signing assigns the nonce under a per-sender lock (a database advisory lock, so
 * several processes cannot hand out one nonce twice) and stores hash and signed bytes with
 * the row (PROCESSING) before the broadcast. `track()` follows every open row: it settles
 * rows once their block is final (CONFIRMED or FAIL), re-broadcasts signed rows the node has
 * never seen (a crash between commit and broadcast) and signs REQUESTED rows left behind.
 */
export class TxSender {
  constructor(
    private readonly db: Database,
    private readonly chain: Chain,
    private readonly log: FastifyBaseLogger,
    private readonly onSettled: SettledListener = () => {},
    private readonly interpreters: ReadonlyMap<string, ReceiptInterpreter> = new Map(),
  ) {}

  /** Signs and broadcasts a REQUESTED row; a row already signed is only re-checked. */
  async dispatch(id: number): Promise<LedgerEntry> {
    const signed = await this.db.transaction(async (tx) => {
      const row = await repo.lockById(tx, id);
      if (!row) throw new Error(`transaction ${id} not found`);
      if (row.status !== 'REQUESTED') return row;
      if (!row.fromAddress || !row.toAddress) throw new Error(`transaction ${id} has no addresses`);
      // A REWARD is the platform paying a user: it leaves the hot wallet, not the user's address.
      const hot = this.chain.keys.hot;
      const account =
        row.type === 'REWARD' && hot.address.toLowerCase() === row.fromAddress.toLowerCase()
          ? hot
          : this.chain.keys.depositAccount(row.userId);
      if (account.address.toLowerCase() !== row.fromAddress.toLowerCase()) {
        throw new Error(`transaction ${id} is not from the user's deposit address`);
      }
      const [nonce, gasPrice] = await Promise.all([
        reserveNonce(txOf(tx), this.chain, account.address),
        this.chain.publicClient.getGasPrice(),
      ]);
      const amount = BigInt(row.amount);
      const to = row.toAddress as Address;
      const request = row.callData
        ? {
            to,
            data: row.callData as Hex,
            value: 0n,
            gas: BigInt(row.gasLimit ?? TOKEN_TRANSFER_GAS),
          }
        : row.symbol === 'USDT'
          ? {
              to: this.chain.contracts.usdt,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [to, amount],
              }),
              value: 0n,
              gas: TOKEN_TRANSFER_GAS,
            }
          : { to, value: amount, gas: NATIVE_TRANSFER_GAS };
      const raw = await account.signTransaction({
        ...request,
        type: 'legacy',
        gasPrice,
        nonce,
        chainId: this.chain.chainId,
      });
      const updated = await repo.update(tx, id, {
        status: 'PROCESSING',
        hash: keccak256(raw),
        nonce,
        rawTransaction: raw,
        gasLimit: request.gas.toString(),
        gasPrice: gasPrice.toString(),
      });
      return updated ?? row;
    });
    if (signed.status === 'PROCESSING' && signed.rawTransaction) await this.broadcast(signed);
    return entryOf((await repo.findById(this.db, id)) ?? signed);
  }

  /** Sends the signed bytes; the node refusing them for good fails the row. */
  private async broadcast(row: ChainTransactionRow): Promise<void> {
    try {
      await this.chain.publicClient.sendRawTransaction({
        serializedTransaction: row.rawTransaction as Hex,
      });
    } catch (error) {
      if (isNetworkError(error)) {
        this.log.warn({ err: error, transactionId: row.id }, 'broadcast failed; will retry');
        return;
      }
      // "already known" and the like: the node has it, which is all we wanted.
      if (await this.isKnown(row.hash as Hex)) return;
      this.log.warn({ err: error, transactionId: row.id }, 'transaction refused by the node');
      await this.settle(row, 'FAIL', null, 'market.transaction-failed');
    }
  }

  private async isKnown(hash: Hex): Promise<boolean> {
    try {
      await this.chain.publicClient.getTransaction({ hash });
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** One pass over every open outgoing row; errors of one row do not stop the others. */
  async track(): Promise<void> {
    const open = await repo.openOutgoing(this.db);
    if (open.length === 0) return;
    const final = await this.chain.finalBlock();
    for (const row of open) {
      try {
        await this.trackOne(row, final);
      } catch (error) {
        if (!isNetworkError(error))
          this.log.error({ err: error, transactionId: row.id }, 'tracking failed');
        else throw error;
      }
    }
  }

  private async trackOne(row: ChainTransactionRow, final: bigint): Promise<void> {
    if (row.status === 'REQUESTED') {
      await this.dispatch(row.id);
      return;
    }
    const hash = row.hash as Hex;
    let receipt;
    try {
      receipt = await this.chain.publicClient.getTransactionReceipt({ hash });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      receipt = null;
    }
    if (receipt) {
      if (receipt.blockNumber > final) return;
      if (receipt.status === 'success')
        await this.settle(row, 'CONFIRMED', receipt.blockNumber, null, receipt);
      else
        await this.settle(row, 'FAIL', receipt.blockNumber, 'wallet.transaction-reverted', receipt);
      return;
    }
    if (!(await this.isKnown(hash))) await this.broadcast(row);
  }

  /**
   * Moves an open row to its end state under the user's wallet lock, so a withdrawal being
   * reserved at the same moment sees either the row open or its effect in the final balance.
   */
  private async settle(
    row: ChainTransactionRow,
    status: SettledStatus,
    blockNumber: bigint | null,
    error: string | null,
    receipt?: TransactionReceipt,
  ): Promise<void> {
    const updated = await this.db.transaction(async (tx) => {
      await repo.lockWallet(tx, row.userId);
      const current = await repo.lockById(tx, row.id);
      if (!current || (current.status !== 'PROCESSING' && current.status !== 'REQUESTED')) {
        return undefined;
      }
      const interpret = this.interpreters.get(current.type);
      const decided = interpret
        ? await interpret(txOf(tx), entryOf(current), receipt ?? null)
        : null;
      if (decided) ({ status, error } = decided);
      return repo.update(tx, row.id, {
        status,
        error,
        blockNumber: blockNumber === null ? null : blockNumber.toString(),
      });
    });
    if (updated) this.onSettled(entryOf(updated));
  }
}
