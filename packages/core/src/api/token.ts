import { z } from 'zod';
import { nftTypeName, type NftType } from '../enums.ts';
import { tokenPaths } from './token-paths.ts';

// A token's metadata as ERC-721 marketplaces read it (OpenSea's metadata standard: name,
// description, image, external_url, background_color, attributes). Served at
// `GET /api/market/tokens/{id}`, the URI the token contract gives for it. Additive only.

export const tokenIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** `GET /api/market/tokens/{id}/image.svg`. */
export const tokenImageParamsSchema = tokenIdParamsSchema;

export const tokenAttributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number()]),
  display_type: z.string().optional(),
});

/** `GET /api/market/tokens/{id}` (public). */
export const tokenMetadataSchema = z.object({
  /** 'Gold #12'. */
  name: z.string(),
  description: z.string(),
  /** Absolute URL of the SVG art. */
  image: z.string(),
  /** The token on the MEEET market. */
  external_url: z.string(),
  /** Hex without '#', as OpenSea expects. */
  background_color: z.string(),
  attributes: z.array(tokenAttributeSchema),
});
export type TokenMetadata = z.infer<typeof tokenMetadataSchema>;

export interface TokenFacts {
  level: NftType;
  id: string;
  /** Both parents of a token minted after a meeting (checksummed); empty for genesis stock. */
  generators: readonly string[];
}

const ORIGIN = { genesis: 'Genesis stock', meeting: 'Minted at a meeting' } as const;

/**
 * The metadata of a token for a public URL (`https://meeet.example`). English only: the
 * marketplaces that read it show one language.
 */
export function tokenMetadata(facts: TokenFacts, publicUrl: string): TokenMetadata {
  const base = publicUrl.replace(/\/+$/, '');
  const level = nftTypeName(facts.level);
  const minted = facts.generators.length === 2;
  const [generatorA, generatorB] = facts.generators;
  return {
    name: `${level} #${facts.id}`,
    description: minted
      ? `A MEEET ${level} token, minted when two ${level} holders met in person (within 5 metres for 20 minutes). Its generators earn 40% of its price when it is sold.`
      : `A MEEET ${level} token from the genesis stock of the MEEET marketplace. Meet another ${level} holder in person to mint a new one.`,
    image: `${base}/api${tokenPaths.image(facts.id)}`,
    external_url: `${base}/market?token=${encodeURIComponent(facts.id)}`,
    background_color: '0b0e14',
    attributes: [
      { trait_type: 'Level', value: level },
      { trait_type: 'Origin', value: minted ? ORIGIN.meeting : ORIGIN.genesis },
      ...(minted && generatorA && generatorB
        ? [
            { trait_type: 'Generator A', value: generatorA },
            { trait_type: 'Generator B', value: generatorB },
          ]
        : []),
    ],
  };
}
