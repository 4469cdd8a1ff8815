import { describe, expect, it } from 'vitest';
import { BNB_DUST, deletionEraseAt, deletionNeedsForfeit, USDT_DUST } from './account-deletion.ts';

describe('account deletion rules', () => {
  it('lets dust go without forfeiture', () => {
    expect(deletionNeedsForfeit({ usdt: USDT_DUST, bnb: BNB_DUST, tokens: 0 })).toBe(false);
  });

  it('asks for forfeiture above dust or with any token', () => {
    expect(deletionNeedsForfeit({ usdt: USDT_DUST + 1n, bnb: 0n, tokens: 0 })).toBe(true);
    expect(deletionNeedsForfeit({ usdt: 0n, bnb: BNB_DUST + 1n, tokens: 0 })).toBe(true);
    expect(deletionNeedsForfeit({ usdt: 0n, bnb: 0n, tokens: 1 })).toBe(true);
  });

  it('erases 30 days after the request', () => {
    expect(deletionEraseAt(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe(
      '2026-12-28T10:00:00.000Z',
    );
  });
});
