import { describe, expect, it } from 'vitest';
import { tokenMetadata } from '../api/token.ts';
import { TOKEN_LEVEL_COLORS, tokenArtSvg } from './token-art.ts';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('tokenArtSvg', () => {
  it('draws the same picture for the same token, every time', () => {
    const input = { level: 1, id: '12', generators: [A, B] } as const;
    expect(tokenArtSvg(input)).toBe(tokenArtSvg({ ...input, generators: [A, B] }));
    // Address letter case is no part of a token's identity.
    expect(tokenArtSvg(input)).toBe(
      tokenArtSvg({ ...input, generators: [A.toLowerCase(), B.toLowerCase()] }),
    );
  });

  it('draws another picture for another id, level or pair of generators', () => {
    const base = tokenArtSvg({ level: 0, id: '1', generators: [] });
    expect(tokenArtSvg({ level: 0, id: '2', generators: [] })).not.toBe(base);
    expect(tokenArtSvg({ level: 1, id: '1', generators: [] })).not.toBe(base);
    expect(tokenArtSvg({ level: 0, id: '1', generators: [A, B] })).not.toBe(base);
  });

  it('is a standalone SVG named after the token, in the colour of its level', () => {
    const svg = tokenArtSvg({ level: 2, id: '7', generators: [] });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toMatch(/<title id="[^"]+">Platinum #7<\/title>/);
    expect(svg).toContain(TOKEN_LEVEL_COLORS[2]);
    expect(svg).toContain('>PLATINUM<');
    // Whole-number coordinates: identical text on every platform.
    expect(svg).not.toMatch(/ (cx|cy|r|d|transform)="[^"]*\d\.\d/);
  });

  it('shows the two people of a token minted at a meeting', () => {
    const minted = tokenArtSvg({ level: 0, id: '3', generators: [A, B] });
    expect(minted.match(/<circle cx="(226|286)" cy="(250|262)" r="20"/g)).toHaveLength(2);
    const genesis = tokenArtSvg({ level: 0, id: '3', generators: [] });
    expect(genesis).not.toMatch(/r="20"/);
  });
});

describe('tokenMetadata', () => {
  it('gives marketplaces name, description, image and attributes', () => {
    expect(
      tokenMetadata({ level: 1, id: '12', generators: [A, B] }, 'https://meeet.example/'),
    ).toEqual({
      name: 'Gold #12',
      description: expect.stringContaining('met in person'),
      image: 'https://meeet.example/api/market/tokens/12/image.svg',
      external_url: 'https://meeet.example/market?token=12',
      background_color: '0b0e14',
      attributes: [
        { trait_type: 'Level', value: 'Gold' },
        { trait_type: 'Origin', value: 'Minted at a meeting' },
        { trait_type: 'Generator A', value: A },
        { trait_type: 'Generator B', value: B },
      ],
    });
    const genesis = tokenMetadata({ level: 0, id: '1', generators: [] }, 'https://meeet.example');
    expect(genesis.attributes).toEqual([
      { trait_type: 'Level', value: 'Silver' },
      { trait_type: 'Origin', value: 'Genesis stock' },
    ]);
  });
});
