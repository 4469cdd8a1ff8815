import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { serveApi } from '../../../../test/api-server.ts';
import { buyNft } from './buy-nft.ts';

describe('buyNft', () => {
  it('sends the confirm action’s Idempotency-Key, the same key on a retry', async () => {
    const sent = serveApi({
      'POST /api/crypto/nft/buy': () =>
        HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 }),
    });
    const call = { body: { level: 1 as const }, idempotencyKey: 'key-buy-0001' };
    await buyNft(call);
    await buyNft(call);
    expect(sent.map((r) => r.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual([
      'key-buy-0001',
      'key-buy-0001',
    ]);
    expect(sent[0]).toMatchObject({ path: '/api/crypto/nft/buy', body: { level: 1 } });
  });
});
