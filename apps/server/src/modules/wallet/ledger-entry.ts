import type { TransactionStatus, TransactionType } from '@meeet/core/enums';
import type { ChainTransactionRow } from './wallet.schema.ts';

/**
 * An entry of the wallet's ledger as other modules see it: every on-chain transaction of a
 * user (spec §3 type and status), amounts in the token's smallest unit as decimal strings.
 * The signed bytes and the request hash stay inside the wallet.
 */
export interface LedgerEntry {
  id: number;
  userId: number;
  type: TransactionType;
  status: TransactionStatus;
  symbol: string;
  amount: string;
  fromAddress: string | null;
  toAddress: string | null;
  hash: string | null;
  logIndex: number | null;
  blockNumber: string | null;
  nonce: number | null;
  gasLimit: string | null;
  gasPrice: string | null;
  /** A contract call (APPROVE, BUY_NFT): the data sent to `toAddress`; null for a transfer. */
  callData: string | null;
  idempotencyKey: string | null;
  /** Message key of a failure. */
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The ledger entry a row of `chain_transactions` stands for. */
export function entryOf(row: ChainTransactionRow): LedgerEntry {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    status: row.status,
    symbol: row.symbol,
    amount: row.amount,
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    hash: row.hash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber,
    nonce: row.nonce,
    gasLimit: row.gasLimit,
    gasPrice: row.gasPrice,
    callData: row.callData,
    idempotencyKey: row.idempotencyKey,
    error: row.error,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the notice of a settled ledger entry reads: the socket, pushes and each module's words. */
export type LedgerNotice = Pick<
  LedgerEntry,
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
