import { getAddress, zeroAddress, type Address } from 'viem';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { contractRevert } from '@meeet/contracts/contract-errors';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { tokenMetadata, type TokenFacts, type TokenMetadata } from '@meeet/core/api/token';
import { isNftType } from '@meeet/core/enums';
import { tokenArtSvg } from '@meeet/core/rules/token-art';
import type { ChainRuntime } from '../../plugins/chain.ts';

/** Facts of this many tokens are kept in memory; a token's level and generators never change. */
const FACTS_CACHE_SIZE = 10_000;

/**
 * A token's public face: its metadata (what `tokenURI` points to) and its art. Both come from
 * what the chain fixes for the token at mint (level, generators), read once and remembered.
 * Public: anyone, a marketplace included, may read any token that exists.
 */
export class TokenArtService {
  private readonly facts = new Map<string, TokenFacts>();

  constructor(private readonly deps: { chain: ChainRuntime; publicUrl: string }) {}

  async metadata(id: number): Promise<TokenMetadata> {
    return tokenMetadata(await this.factsOf(id), this.deps.publicUrl);
  }

  async image(id: number): Promise<string> {
    return tokenArtSvg(await this.factsOf(id));
  }

  private async factsOf(id: number): Promise<TokenFacts> {
    const { chain } = this.deps.chain.require();
    const token = chain.contracts.token;
    if (!token)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, { messageKey: 'market.unavailable' });
    const key = `${chain.chainId}:${token}:${id}`;
    const known = this.facts.get(key);
    if (known) return known;
    const facts = await readFacts(chain.publicClient, token, BigInt(id));
    if (this.facts.size >= FACTS_CACHE_SIZE) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.facts.keys().next().value;
      if (oldest !== undefined) this.facts.delete(oldest);
    }
    this.facts.set(key, facts);
    return facts;
  }
}

type ReadClient = ReturnType<ChainRuntime['require']>['chain']['publicClient'];

async function readFacts(client: ReadClient, token: Address, tokenId: bigint): Promise<TokenFacts> {
  const contract = { address: token, abi: MeeetTokenAbi } as const;
  try {
    const [level, pair] = await Promise.all([
      client.readContract({ ...contract, functionName: 'levelOf', args: [tokenId] }),
      client.readContract({ ...contract, functionName: 'generatorsOf', args: [tokenId] }),
    ]);
    if (!isNftType(level)) throw new AppError(ErrorCode.NOT_FOUND);
    return {
      level,
      id: tokenId.toString(),
      generators: pair.filter((g) => g !== zeroAddress).map((g) => getAddress(g)),
    };
  } catch (error) {
    // ERC721NonexistentToken: never minted (or burned).
    if (contractRevert(error)) throw new AppError(ErrorCode.NOT_FOUND);
    throw error;
  }
}
