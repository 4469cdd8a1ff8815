import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { withdraw } from './withdraw.ts';

const body = { address: '0x000000000000000000000000000000000000dEaD', amount: '12.5' };

function mockFetch() {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ step: 'code-sent', retryAfterSeconds: 60 }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('withdraw', () => {
  it('sends the Idempotency-Key with the confirming call, the same key on a retry', async () => {
    const fetchMock = mockFetch();
    const call = { body: { ...body, code: '123456' }, idempotencyKey: 'key-0001-abcdef' };
    await withdraw(call);
    await withdraw(call);
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init.headers).get(IDEMPOTENCY_KEY_HEADER),
    );
    expect(keys).toEqual(['key-0001-abcdef', 'key-0001-abcdef']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual(call.body);
  });

  it('sends no key when it only asks for a code', async () => {
    const fetchMock = mockFetch();
    const result = await withdraw({ body });
    expect(result).toMatchObject({ ok: true, data: { step: 'code-sent' } });
    expect(new Headers(fetchMock.mock.calls[0]?.[1].headers).has(IDEMPOTENCY_KEY_HEADER)).toBe(
      false,
    );
  });
});
