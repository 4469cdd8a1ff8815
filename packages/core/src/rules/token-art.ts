import { nftTypeName, type NftType } from '../enums.ts';

// Token art: one SVG per token, drawn from what the chain fixes for it forever (level, id and
// the two generators), so the same token always looks the same wherever it is shown, and two
// tokens almost never do. The style is the landing page's hero: a dark round map with street
// lines and coarse pins, the 5-metre ring and a hexagonal token in the level's colour; a
// token minted after a meeting shows its two people, coloured from their addresses. Pure: no
// I/O, no randomness beyond a seeded generator, so server and tests agree byte for byte.

/** Level colours of the three tiers, as the market, wallet and home pages show them. */
export const TOKEN_LEVEL_COLORS = ['#c0c7d1', '#e8b64c', '#a8d8ea'] as const;
/** The card background (the theme's near-black). */
export const TOKEN_ART_BACKGROUND = '#0b0e14';

export interface TokenArtInput {
  /** SILVER=0, GOLD=1, PLATINUM=2. */
  level: NftType;
  /** On-chain id, decimal text. */
  id: string;
  /** Both parents of a token minted after a meeting; empty for genesis stock. */
  generators: readonly string[];
}

/** FNV-1a, 32 bits: a short stable seed from text. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole numbers only in the output, so the text is identical on every platform. */
const round = (value: number): number => Math.round(value);

function between(random: () => number, low: number, high: number): number {
  return round(low + random() * (high - low));
}

/** A person's colour from their address: a hue of its own, bright enough on the dark map. */
function personColor(address: string): string {
  const hue = fnv1a(address.toLowerCase()) % 360;
  return `hsl(${hue} 85% 62%)`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The seed of a token: everything the chain fixes for it. */
export function tokenArtSeed(input: TokenArtInput): number {
  const generators = input.generators.map((address) => address.toLowerCase()).join(':');
  return fnv1a(`meeet:${input.level}:${input.id}:${generators}`);
}

/**
 * The token's picture as a standalone SVG document (512×512). Same input → same text; the
 * accessible name is the token's name ('Gold #12').
 */
export function tokenArtSvg(input: TokenArtInput): string {
  const random = generator(tokenArtSeed(input));
  const color = TOKEN_LEVEL_COLORS[input.level];
  const title = `${nftTypeName(input.level)} #${input.id}`;
  const uid = `t${tokenArtSeed(input).toString(36)}`;

  // Streets: two roughly horizontal, two roughly vertical and one diagonal, each placed by
  // the token's seed.
  const streets = [
    `M-20 ${between(random, 90, 200)} L532 ${between(random, 60, 220)}`,
    `M-20 ${between(random, 300, 420)} L532 ${between(random, 290, 440)}`,
    `M${between(random, 90, 210)} -20 L${between(random, 80, 220)} 532`,
    `M${between(random, 300, 420)} -20 L${between(random, 290, 430)} 532`,
    random() < 0.5
      ? `M-20 ${between(random, 420, 532)} L532 ${between(random, 0, 90)}`
      : `M-20 ${between(random, 0, 90)} L532 ${between(random, 420, 532)}`,
  ];
  const streetWidths = streets.map((_, index) => (index === 4 ? 7 : between(random, 9, 14)));

  // Coarse pins: other people further away, never on the token in the middle.
  const pinCount = 4 + Math.floor(random() * 4);
  const pins: { x: number; y: number; r: number }[] = [];
  while (pins.length < pinCount) {
    const angle = random() * Math.PI * 2;
    const distance = 140 + random() * 90;
    pins.push({
      x: round(256 + Math.cos(angle) * distance),
      y: round(256 + Math.sin(angle) * distance),
      r: between(random, 7, 12),
    });
  }
  const rotation = between(random, -12, 12);

  const minted = input.generators.length === 2;
  const people = minted
    ? input.generators
        .map((address, index) => {
          const x = index === 0 ? 226 : 286;
          const y = index === 0 ? 250 : 262;
          return [
            `<circle cx="${x}" cy="${y}" r="20" fill="${personColor(address)}"/>`,
            `<path d="M${x - 10} ${y - 12} q10 -18 20 0" fill="#ffffff" fill-opacity="0.85"/>`,
          ].join('');
        })
        .join('')
    : // Genesis stock: a star where the people would stand.
      `<path d="M256 218 L266 246 L296 246 L272 264 L281 292 L256 275 L231 292 L240 264 L216 246 L246 246 Z" fill="${color}"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-labelledby="${uid}-title">`,
    `<title id="${uid}-title">${escapeXml(title)}</title>`,
    '<defs>',
    `<radialGradient id="${uid}-glow" cx="50%" cy="50%" r="50%"><stop offset="0%" stop-color="${color}" stop-opacity="0.4"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    `<clipPath id="${uid}-clip"><circle cx="256" cy="236" r="200"/></clipPath>`,
    '</defs>',
    `<rect width="512" height="512" rx="48" fill="${TOKEN_ART_BACKGROUND}"/>`,
    `<circle cx="256" cy="236" r="200" fill="${color}" fill-opacity="0.06" stroke="${color}" stroke-opacity="0.4" stroke-width="2"/>`,
    `<g clip-path="url(#${uid}-clip)" stroke="${color}" stroke-opacity="0.2" fill="none" transform="rotate(${rotation} 256 236)">`,
    ...streets.map((d, index) => `<path d="${d}" stroke-width="${streetWidths[index]}"/>`),
    '</g>',
    `<g fill="${color}" fill-opacity="0.55" clip-path="url(#${uid}-clip)">`,
    ...pins.map((pin) => `<circle cx="${pin.x}" cy="${pin.y - 20}" r="${pin.r}"/>`),
    '</g>',
    `<circle cx="256" cy="256" r="130" fill="url(#${uid}-glow)"/>`,
    `<polygon points="256,146 351,201 351,311 256,366 161,311 161,201" fill="${color}"/>`,
    `<polygon points="256,166 334,211 334,301 256,346 178,301 178,211" fill="${TOKEN_ART_BACKGROUND}" fill-opacity="0.88"/>`,
    `<circle cx="256" cy="256" r="62" fill="none" stroke="${color}" stroke-width="3" stroke-dasharray="8 8"/>`,
    people,
    `<text x="40" y="472" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="800" fill="${color}" letter-spacing="2">${escapeXml(nftTypeName(input.level).toUpperCase())}</text>`,
    `<text x="472" y="472" text-anchor="end" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="800" fill="#ffffff">#${escapeXml(input.id)}</text>`,
    `<text x="40" y="60" font-family="Inter, Arial, sans-serif" font-size="22" font-weight="800" fill="#ffffff" fill-opacity="0.8" letter-spacing="4">MEEET</text>`,
    '</svg>',
  ].join('');
}
