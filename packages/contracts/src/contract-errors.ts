import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type DecodeErrorResultReturnType,
} from 'viem';
import { MeeetMarketAbi } from './artifacts/MeeetMarket.ts';
import { MeeetTokenAbi } from './artifacts/MeeetToken.ts';
import { TestUSDTAbi } from './artifacts/TestUSDT.ts';

/** Every error our contracts (and the OpenZeppelin parts they inherit) can revert with. */
export const MEEET_ERRORS_ABI = [...MeeetMarketAbi, ...MeeetTokenAbi, ...TestUSDTAbi].filter(
  (item) => item.type === 'error',
);

export interface ContractRevert {
  errorName: string;
  args: readonly unknown[];
}

/**
 * The custom error a failed viem call reverted with, or null when it did not revert (network
 * trouble, bad input) or with data none of our ABIs know. A revert raised by a contract the
 * called one talks to (the token during a market call) is decoded too: viem only knows the ABI
 * of the contract it called, so it leaves such errors undecoded.
 */
export function contractRevert(
  error: unknown,
  extraAbi: readonly unknown[] = [],
): ContractRevert | null {
  if (!(error instanceof BaseError)) return null;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return null;
  let decoded: DecodeErrorResultReturnType | undefined = reverted.data;
  if (reverted.raw) {
    try {
      decoded = decodeErrorResult({
        abi: [...MEEET_ERRORS_ABI, ...(extraAbi as typeof MEEET_ERRORS_ABI)],
        data: reverted.raw,
      });
    } catch {
      decoded = reverted.data;
    }
  }
  if (!decoded?.errorName) return null;
  return { errorName: decoded.errorName, args: decoded.args ?? [] };
}
