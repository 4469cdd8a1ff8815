import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { serveApi } from '../../../../test/api-server.ts';
import { withdraw } from './withdraw.ts';

const body = { address: '0x000000000000000000000000000000000000dEaD', amount: '12.5' };

const codeSent = () =>
  serveApi({
    'POST /api/crypto/wallet/withdraw/': () => ({ step: 'code-sent', retryAfterSeconds: 60 }),
  });

describe('withdraw', () => {
  it('sends the Idempotency-Key with the confirming call, the same key on a retry', async () => {
    const sent = codeSent();
    const call = { body: { ...body, code: '123456' }, idempotencyKey: 'key-0001-abcdef' };
    await withdraw(call);
    await withdraw(call);
    expect(sent.map((r) => r.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual([
      'key-0001-abcdef',
      'key-0001-abcdef',
    ]);
    expect(sent[0]?.body).toEqual(call.body);
  });

  it('sends no key when it only asks for a code', async () => {
    const sent = codeSent();
    const result = await withdraw({ body });
    expect(result).toMatchObject({ ok: true, data: { step: 'code-sent' } });
    expect(sent[0]?.headers.has(IDEMPOTENCY_KEY_HEADER)).toBe(false);
  });
});
