import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { tokenPaths } from '@meeet/core/api/token-paths';
import { tokenArtSvg } from '@meeet/core/rules/token-art';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { mintStock, MarketService } from './market.service.ts';

const A = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const B = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');

describe('token metadata and art', () => {
  let t: TestApp;
  let c: TestChain;
  let genesisId: string;
  let mintedId: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://meeet.example' });
    c = await attachTestChain(t);
    const stock = await mintStock(t.db, c.chain, 1, 1);
    genesisId = stock.tokenIds[0] as string;
    const market = new MarketService({ db: t.db, chain: t.app.chain, log: t.app.log });
    mintedId = (await market.mintGenerated(0, A, B)).toString();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });

  it('the token contract points every token at its metadata here', async () => {
    const uri = await c.chain.publicClient.readContract({
      address: c.chain.contracts.token!,
      abi: MeeetTokenAbi,
      functionName: 'tokenURI',
      args: [BigInt(genesisId)],
    });
    expect(uri).toBe(`https://meeet.example/api${tokenPaths.metadata(genesisId)}`);
  });

  it('answers metadata as marketplaces read it, to anyone, cached for good', async () => {
    const response = await get(tokenPaths.metadata(mintedId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.json()).toEqual({
      name: `Silver #${mintedId}`,
      description: expect.stringContaining('met in person'),
      image: `https://meeet.example/api/market/tokens/${mintedId}/image.svg`,
      external_url: `https://meeet.example/market?token=${mintedId}`,
      background_color: '0b0e14',
      attributes: [
        { trait_type: 'Level', value: 'Silver' },
        { trait_type: 'Origin', value: 'Minted at a meeting' },
        { trait_type: 'Generator A', value: A },
        { trait_type: 'Generator B', value: B },
      ],
    });

    const genesis = await get(tokenPaths.metadata(genesisId));
    expect(genesis.json()).toMatchObject({
      name: `Gold #${genesisId}`,
      attributes: [
        { trait_type: 'Level', value: 'Gold' },
        { trait_type: 'Origin', value: 'Genesis stock' },
      ],
    });
  });

  it('serves the art of the token as SVG, the same bytes every time', async () => {
    const response = await get(tokenPaths.image(mintedId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toBe(tokenArtSvg({ level: 0, id: mintedId, generators: [A, B] }));
    expect(response.body).toContain(`Silver #${mintedId}</title>`);
    expect((await get(tokenPaths.image(mintedId))).body).toBe(response.body);
    expect((await get(tokenPaths.image(genesisId))).body).not.toBe(response.body);
  });

  it('answers 404 with a message for a token never minted, 400 for a bad id', async () => {
    for (const url of [tokenPaths.metadata(9999), tokenPaths.image(9999)]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    for (const id of ['0', '-1', 'abc', '1.5']) {
      const bad = await get(tokenPaths.image(id));
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('token metadata without a chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('says the service is unavailable rather than failing', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api${tokenPaths.metadata(1)}` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
