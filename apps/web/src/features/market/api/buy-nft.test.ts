import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { buyNft } from './buy-nft.ts';

afterEach(() => vi.unstubAllGlobals());

describe('buyNft', () => {
  it('sends the confirm action’s Idempotency-Key, the same key on a retry', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'boom' }), { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const call = { body: { level: 1 as const }, idempotencyKey: 'key-buy-0001' };
    await buyNft(call);
    await buyNft(call);
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init.headers).get(IDEMPOTENCY_KEY_HEADER),
    );
    expect(keys).toEqual(['key-buy-0001', 'key-buy-0001']);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/crypto/nft/buy');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({ level: 1 });
  });
});
