import { HttpRequestError, TimeoutError, type Address, type Hex } from 'viem';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import type { NftType } from '@meeet/core/enums';
import type { Chain } from '../chain/chain.client.ts';
import type { MarketService } from '../market/market.service.ts';

export interface GeneratedMint {
  tokenId: bigint;
  hash: Hex;
  blockNumber: bigint;
}

/**
 * The one call into the market: its generated mint, with the two members as generators (the
 * token goes into stock, or straight to the head of the level's queue).
 */
export function mintThroughMarket(
  market: MarketService,
  level: NftType,
  generatorA: Address,
  generatorB: Address,
): Promise<bigint> {
  return market.mintGenerated(level, generatorA, generatorB);
}

/**
 * The token of `level` minted for the pair since `fromBlock`, if any. A pair mints together
 * once, so this finds the mint a crash left unrecorded instead of sending another.
 */
export async function findGeneratedMint(
  chain: Chain,
  fromBlock: bigint,
  level: NftType,
  generatorA: Address,
  generatorB: Address,
): Promise<GeneratedMint | null> {
  if (!chain.contracts.token) return null;
  const logs = await chain.publicClient.getContractEvents({
    address: chain.contracts.token,
    abi: MeeetTokenAbi,
    eventName: 'TokenMinted',
    args: { level },
    fromBlock,
    toBlock: 'latest',
  });
  const pair = new Set([generatorA.toLowerCase(), generatorB.toLowerCase()]);
  for (const log of logs) {
    const { tokenId, generatorA: a, generatorB: b } = log.args;
    if (tokenId === undefined || !a || !b) continue;
    if (pair.has(a.toLowerCase()) && pair.has(b.toLowerCase()) && a !== b) {
      return { tokenId, hash: log.transactionHash, blockNumber: log.blockNumber };
    }
  }
  return null;
}

/** Network trouble: worth a retry, not a technical failure of the mint. */
export function isTransient(error: unknown): boolean {
  return error instanceof HttpRequestError || error instanceof TimeoutError;
}
