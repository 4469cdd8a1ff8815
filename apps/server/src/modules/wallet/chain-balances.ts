import { erc20Abi, type Address } from 'viem';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import type { Chain } from '../chain/chain.client.ts';

// Balances read from the chain at the latest block, for the monitor, ads and personal data.

/** For the monitor: the hot wallet's USDT and BNB at the latest block. */
export function hotWalletBalances(chain: Chain): Promise<{ usdt: bigint; bnb: bigint }> {
  return addressBalances(chain, chain.keys.hot.address);
}

/** An address's USDT and BNB at the latest block. */
export async function addressBalances(
  chain: Chain,
  address: Address,
): Promise<{ usdt: bigint; bnb: bigint }> {
  const [usdt, bnb] = await Promise.all([
    chain.publicClient.readContract({
      address: chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
    chain.publicClient.getBalance({ address }),
  ]);
  return { usdt, bnb };
}

/** For ads: whether the user's address holds any MEEET token (the paid tier). */
export async function holdsAnyToken(chain: Chain, userId: number): Promise<boolean> {
  const token = chain.contracts.token;
  if (!token) return false;
  const balance = await chain.publicClient.readContract({
    address: token,
    abi: MeeetTokenAbi,
    functionName: 'balanceOf',
    args: [chain.keys.depositAccount(userId).address],
  });
  return balance > 0n;
}
