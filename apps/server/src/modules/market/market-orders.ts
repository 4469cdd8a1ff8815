import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { NATIVE_CURRENCY } from '@meeet/core/constants';
import type { NftType } from '@meeet/core/enums';
import { tokenAmountParam } from '@meeet/core/format/number';
import type { Tx } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { ledger, type LedgerEntry } from '../wallet/ledger.service.ts';
import { marketContract } from './market-chain.ts';

export const APPROVE_GAS = 60_000n;
export const BUY_GAS = 300_000n;
export const LEAVE_GAS = 100_000n;

/** Who sends a market call, under which idempotency key and request hash. */
export interface MarketOrder {
  chain: Chain;
  userId: number;
  address: Address;
  level: NftType;
  key: string;
  hash: string;
}

/**
 * The ledger entries of a purchase, in the caller's transaction: the APPROVE of
 * `approveAmount` when the allowance is short (null: it is not), then the BUY_NFT of `price`.
 */
export async function writeBuyRows(
  tx: Tx,
  order: MarketOrder,
  price: bigint,
  approveAmount: bigint | null,
): Promise<{ approve: LedgerEntry | null; buy: LedgerEntry }> {
  const { chain, userId, address, level, key, hash } = order;
  const market = marketContract(chain);
  const approve =
    approveAmount === null
      ? null
      : await ledger.requestContractCall(tx, {
          userId,
          type: 'APPROVE',
          amount: approveAmount,
          from: address,
          to: chain.contracts.usdt,
          callData: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [market, approveAmount],
          }),
          gasLimit: APPROVE_GAS,
          // A space never appears in a client key, so this cannot collide with one.
          idempotencyKey: `${key} approve`,
          requestHash: hash,
        });
  const buy = await ledger.requestContractCall(tx, {
    userId,
    type: 'BUY_NFT',
    amount: price,
    from: address,
    to: market,
    callData: encodeFunctionData({ abi: MeeetMarketAbi, functionName: 'buy', args: [level] }),
    gasLimit: BUY_GAS,
    idempotencyKey: key,
    requestHash: hash,
  });
  return { approve, buy };
}

/** The BUY_NFT entry that calls `leaveQueue` for the `prepaid` amount, in the caller's transaction. */
export function writeLeaveRow(tx: Tx, order: MarketOrder, prepaid: bigint): Promise<LedgerEntry> {
  const { chain, userId, address, level, key, hash } = order;
  return ledger.requestContractCall(tx, {
    userId,
    type: 'BUY_NFT',
    amount: prepaid,
    from: address,
    to: marketContract(chain),
    callData: encodeFunctionData({
      abi: MeeetMarketAbi,
      functionName: 'leaveQueue',
      args: [level],
    }),
    gasLimit: LEAVE_GAS,
    idempotencyKey: key,
    requestHash: hash,
  });
}

/** INSUFFICIENT_FEE: the BNB on the deposit address does not pay the gas of leaving. */
export function leaveFeeRefusal(bnb: bigint, fee: bigint): AppError {
  return new AppError(ErrorCode.INSUFFICIENT_FEE, {
    messageKey: 'market.insufficient-bnb',
    params: {
      balance: tokenAmountParam(bnb, NATIVE_CURRENCY),
      minFee: tokenAmountParam(fee, NATIVE_CURRENCY),
    },
    details: { reason: 'insufficient-bnb', balance: bnb.toString(), minFee: fee.toString() },
  });
}
