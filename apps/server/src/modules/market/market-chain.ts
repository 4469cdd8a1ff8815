import { erc20Abi, type Address } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { contractRevert } from '@meeet/contracts/contract-errors';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { NFT_TYPES, type NftType } from '@meeet/core/enums';
import type { Chain } from '../chain/chain.client.ts';

/**
 * The market's reads of the chain, which is the truth for holdings, prepayments and queues.
 * Reads made together go out as one batched RPC request (the Chain's transport batches).
 */

/** What one address holds and may spend on the market, per level where it applies. */
export interface MarketAccount {
  address: Address;
  usdt: bigint;
  bnb: bigint;
  /** USDT the market may still take from the address. */
  allowance: bigint;
  /** Per level, the token held (0 when none). */
  tokens: readonly bigint[];
  /** Per level, the USDT prepaid in the queue (0 when not queued). */
  prepaid: readonly bigint[];
  /** Per level, the place in the queue (0 when not queued). */
  positions: readonly bigint[];
}

/** Whether the market and token contracts are deployed on this chain. */
export function marketAvailable(chain: Chain): boolean {
  return Boolean(chain.contracts.market && chain.contracts.token);
}

/** The market contract's address; refuses with SERVICE_UNAVAILABLE where it is not deployed. */
export function marketContract(chain: Chain): Address {
  if (!chain.contracts.market || !chain.contracts.token) {
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, { messageKey: 'market.unavailable' });
  }
  return chain.contracts.market;
}

/** A view function of the market contract (which must be deployed). */
export function readMarket<T>(
  chain: Chain,
  functionName: string,
  args: readonly unknown[],
): Promise<T> {
  return chain.publicClient.readContract({
    address: chain.contracts.market as Address,
    abi: MeeetMarketAbi,
    functionName: functionName as never,
    args: args as never,
  }) as Promise<T>;
}

export async function readAccount(chain: Chain, address: Address): Promise<MarketAccount> {
  const market = chain.contracts.market as Address;
  const levels = [...NFT_TYPES];
  const [usdt, bnb, allowance, tokens, prepaid, positions] = await Promise.all([
    chain.publicClient.readContract({
      address: chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
    chain.publicClient.getBalance({ address }),
    chain.publicClient.readContract({
      address: chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address, market],
    }),
    readMarket<readonly bigint[]>(chain, 'tokensOf', [address]),
    Promise.all(levels.map((l) => readMarket<bigint>(chain, 'prepaidOf', [l, address]))),
    Promise.all(levels.map((l) => readMarket<bigint>(chain, 'queuePositionOf', [l, address]))),
  ]);
  return { address, usdt, bnb, allowance, tokens, prepaid, positions };
}

/** Per level: tokens the market holds for sale, and buyers waiting. */
export function readSupply(
  chain: Chain,
): Promise<{ stock: number; queueLength: number; forSale: string[] }[]> {
  return Promise.all(
    NFT_TYPES.map(async (level) => {
      const [stock, queue, tokens] = await Promise.all([
        readMarket<bigint>(chain, 'stockOf', [level]),
        readMarket<bigint>(chain, 'queueLength', [level]),
        readMarket<readonly bigint[]>(chain, 'stockTokens', [level]),
      ]);
      return {
        stock: Number(stock),
        queueLength: Number(queue),
        forSale: tokens.slice(0, FOR_SALE_SHOWN).map(String),
      };
    }),
  );
}

/** Tokens of a level's stock the market names (their art is shown; the page stays light). */
const FOR_SALE_SHOWN = 12;

/** The levels `address` holds a token of. */
export async function readLevelsHeld(chain: Chain, address: Address): Promise<NftType[]> {
  const tokens = await readMarket<readonly bigint[]>(chain, 'tokensOf', [address]);
  return NFT_TYPES.filter((level) => (tokens[level] ?? 0n) !== 0n);
}

/** A token's level, owner and generators; NOT_FOUND when the token does not exist. */
export async function readToken(
  chain: Chain,
  tokenId: bigint,
): Promise<{ level: NftType; owner: Address; generators: readonly [Address, Address] }> {
  const token = chain.contracts.token as Address;
  try {
    const [level, owner, generators] = await Promise.all([
      chain.publicClient.readContract({
        address: token,
        abi: MeeetTokenAbi,
        functionName: 'levelOf',
        args: [tokenId],
      }),
      chain.publicClient.readContract({
        address: token,
        abi: MeeetTokenAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
      chain.publicClient.readContract({
        address: token,
        abi: MeeetTokenAbi,
        functionName: 'generatorsOf',
        args: [tokenId],
      }),
    ]);
    return { level: level as NftType, owner, generators };
  } catch (error) {
    if (contractRevert(error)) throw new AppError(ErrorCode.NOT_FOUND);
    throw error;
  }
}
