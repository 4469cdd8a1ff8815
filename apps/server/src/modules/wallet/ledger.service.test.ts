import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { txOf } from '../../plugins/db.ts';
import { ledger, type ContractCall } from './ledger.service.ts';
import { countAll, rows } from './wallet.test-support.ts';

const CONTRACT = '0x2222222222222222222222222222222222222222';

describe('the wallet ledger other modules use', () => {
  let t: TestApp;
  let userId: number;
  let call: (key: string, amount: bigint) => ContractCall;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    userId = (await registerUser(t.app)).user.id;
    call = (key, amount) => ({
      userId,
      type: 'BUY_NFT',
      amount,
      from: '0x1111111111111111111111111111111111111111',
      to: CONTRACT,
      callData: '0xa6f2ae3a',
      gasLimit: 300_000n,
      idempotencyKey: key,
      requestHash: 'hash of the request',
    });
  });
  afterAll(() => t.close());

  it('commits an entry with the transaction it was given, and rolls it back with it', async () => {
    const before = await countAll(t);
    await expect(
      t.db.transaction(async (tx) => {
        await ledger.requestContractCall(txOf(tx), call('rolled back', 5n));
        throw new Error('the caller fails after writing');
      }),
    ).rejects.toThrow('the caller fails after writing');
    expect(await countAll(t)).toBe(before);

    const written = await t.db.transaction((tx) =>
      ledger.requestContractCall(txOf(tx), call('committed', 5n)),
    );
    expect((await rows(t, userId)).map((row) => row.id)).toContain(written.id);
  });

  it('answers in ledger entries: the signed bytes and the request hash stay in the wallet', async () => {
    const written = await ledger.requestContractCall(txOf(t.db), call('seen', 7n));
    const entry = await ledger.entry(txOf(t.db), written.id);
    expect(entry).toMatchObject({
      id: written.id,
      type: 'BUY_NFT',
      status: 'REQUESTED',
      amount: '7',
      gasLimit: '300000',
      toAddress: CONTRACT,
    });
    expect(entry).not.toHaveProperty('requestHash');
    expect(entry).not.toHaveProperty('rawTransaction');
    expect(await ledger.entry(txOf(t.db), written.id + 1_000_000)).toBeUndefined();
  });

  it('refuses a negative amount before writing anything', async () => {
    const before = await countAll(t);
    await expect(ledger.requestContractCall(txOf(t.db), call('negative', -1n))).rejects.toThrow(
      RangeError,
    );
    expect(await countAll(t)).toBe(before);
  });
});
