/**
 * Paths of a token's public face under /api: its metadata JSON (what the token contract's
 * `tokenURI(id)` points to: base URI `{PUBLIC_URL}/api/market/tokens/` + id) and its picture.
 * Both are public and never change for a token, so they are cached for good. Free of zod.
 */
export const tokenPaths = {
  /** ERC-721 metadata JSON (name, description, image, attributes), as marketplaces read it. */
  metadata: (id: number | string) => `/market/tokens/${encodeURIComponent(String(id))}`,
  /** The token's SVG art (core rules/token-art.ts). */
  image: (id: number | string) => `/market/tokens/${encodeURIComponent(String(id))}/image.svg`,
} as const;

/** The browser URL of a token's picture (same origin as the web app). */
export function tokenImageUrl(id: number | string): string {
  return `/api${tokenPaths.image(id)}`;
}
