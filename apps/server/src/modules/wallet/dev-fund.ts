import { erc20Abi, maxUint256, type Address } from 'viem';
import { TestUSDTAbi } from '@meeet/contracts/artifacts/TestUSDT';
import type { DevFundResponse } from '@meeet/core/api/crypto';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { BNB_DECIMALS, USDT_DECIMALS } from '@meeet/core/constants';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import type { Chain } from '../chain/chain.client.ts';

/** Gas the dev funder keeps for its own two transactions (mint and transfer). */
const DEV_FUND_GAS_RESERVE = 200_000n;

/**
 * Development chain only: mints test USDT and sends BNB from the node's funded account.
 * Both amounts are checked first (the token's uint256 supply, the funder's BNB with gas to
 * spare), so a refused request mints and sends nothing.
 */
export async function devFund(
  chain: Chain,
  amounts: { usdt?: bigint | undefined; bnb?: bigint | undefined },
  depositAddress: () => Promise<Address>,
): Promise<DevFundResponse> {
  if (!chain.local || !chain.devFunder) throw new AppError(ErrorCode.NOT_FOUND);
  const usdt = amounts.usdt ?? 1000n * 10n ** BigInt(USDT_DECIMALS);
  const bnb = amounts.bnb ?? 10n ** BigInt(BNB_DECIMALS);
  const [supply, funderBnb, gasPrice] = await Promise.all([
    chain.publicClient.readContract({
      address: chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'totalSupply',
    }),
    chain.publicClient.getBalance({ address: chain.devFunder.address }),
    chain.publicClient.getGasPrice(),
  ]);
  const mintable = maxUint256 - supply;
  const sendable = funderBnb - gasPrice * DEV_FUND_GAS_RESERVE;
  if (usdt > mintable || bnb > sendable) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, {
      messageKey: 'wallet.dev-fund-too-much',
      params: {
        usdt: { number: unitsToDecimal(mintable, USDT_DECIMALS) },
        bnb: { number: unitsToDecimal(sendable > 0n ? sendable : 0n, BNB_DECIMALS) },
      },
      fields: {
        ...(usdt > mintable ? { usdt: 'wallet.dev-fund-too-much' } : {}),
        ...(bnb > sendable ? { bnb: 'wallet.dev-fund-too-much' } : {}),
      },
    });
  }
  const address = await depositAddress();
  return fundAddress(chain, address, { usdt, bnb });
}

/** Mints test USDT and sends BNB to `address` on the local chain, waiting for both. */
export async function fundAddress(
  chain: Chain,
  address: Address,
  amounts: { usdt: bigint; bnb: bigint },
): Promise<DevFundResponse> {
  if (!chain.devFunder) throw new Error('no development funder on this chain');
  const wallet = chain.walletClient(chain.devFunder);
  const hashes: `0x${string}`[] = [];
  if (amounts.usdt > 0n) {
    hashes.push(
      await wallet.writeContract({
        address: chain.contracts.usdt,
        abi: TestUSDTAbi,
        functionName: 'mint',
        args: [address, amounts.usdt],
      }),
    );
  }
  if (amounts.bnb > 0n)
    hashes.push(await wallet.sendTransaction({ to: address, value: amounts.bnb }));
  for (const hash of hashes) {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`funding transaction ${hash} reverted`);
  }
  return { address, usdt: amounts.usdt.toString(), bnb: amounts.bnb.toString(), hashes };
}
