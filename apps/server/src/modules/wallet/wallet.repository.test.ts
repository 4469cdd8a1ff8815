import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { walletRepository as repo } from './wallet.repository.ts';

const ADDRESSES = [
  '0x1111111111111111111111111111111111111111',
  '0xAbCdEfabcdefABCDEFabcdefabcdefABCDEFab12',
  '0x3333333333333333333333333333333333333333',
];

describe('wallet repository address book', () => {
  let t: TestApp;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    for (const address of ADDRESSES) {
      const { user } = await registerUser(t.app);
      await repo.ensureWallet(t.db, user.id, address);
      ids.push(user.id);
    }
  });
  afterAll(() => t.close());

  it('answers only for the addresses asked about, in any letter case', async () => {
    const book = await repo.ownersOf(t.db, [
      ADDRESSES[1]!.toLowerCase(),
      ADDRESSES[0]!.toUpperCase().replace('0X', '0x'),
      '0x9999999999999999999999999999999999999999',
    ]);
    expect(book).toEqual(
      new Map([
        [ADDRESSES[0]!.toLowerCase(), ids[0]],
        [ADDRESSES[1]!.toLowerCase(), ids[1]],
      ]),
    );
  });

  it('asks the database nothing for no addresses', async () => {
    expect(await repo.ownersOf(t.db, [])).toEqual(new Map());
    expect(await repo.anyWallet(t.db)).toBe(true);
  });
});
