import { describe, expect, it } from 'vitest';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { initialLevel, outcomeOf, reasonMessage } from './purchase.ts';

const level: MarketLevel = {
  level: 0,
  name: 'Silver',
  price: '100000000000000000000',
  stock: 0,
  queueLength: 0,
  forSale: [],
  queues: true,
  kycRequired: false,
  mine: {
    token: null,
    queuePosition: null,
    prepaid: null,
    transactionId: null,
    canBuy: false,
    reasons: ['insufficient-usdt'],
  },
};
const market: MarketResponse = {
  available: true,
  symbol: 'USDT',
  decimals: 18,
  nativeSymbol: 'BNB',
  nativeDecimals: 18,
  gasPrice: '1',
  buyFee: '1000000000000000',
  levels: [level],
  account: { address: '0x1', usdt: '5000000000000000000', bnb: '0' },
};

describe('market purchase rules', () => {
  it('maps BUY_NFT statuses to the spec outcomes', () => {
    expect(outcomeOf('CONFIRMED')).toBe('confirmed');
    expect(outcomeOf('FAIL')).toBe('failed');
    expect(outcomeOf('CANCELED')).toBe('canceled');
    expect(outcomeOf('PENDING')).toBe('queued');
    expect(outcomeOf('PROCESSING')).toBe('processing');
    expect(outcomeOf('REQUESTED')).toBe('processing');
  });

  it('takes ?nft= first, then the stored buyingNftId, ignoring what is not a level', () => {
    expect(initialLevel('2', '1')).toBe(2);
    expect(initialLevel(null, '1')).toBe(1);
    expect(initialLevel('0', null)).toBe(0);
    expect(initialLevel('12', null)).toBeNull();
    expect(initialLevel('x', '7')).toBeNull();
  });

  it('translates a refusal reason with the server catalogue’s parameters', () => {
    expect(reasonMessage('insufficient-usdt', level, market)).toEqual({
      key: 'market.insufficient-usdt',
      ns: 'core',
      params: { name: 'Silver', price: '100 USDT', balance: '5 USDT' },
    });
    expect(
      reasonMessage(
        'already-holds-level',
        { ...level, mine: { ...level.mine!, token: { id: '3', name: 'Silver #3' } } },
        market,
      ).params,
    ).toEqual({ name: 'Silver #3' });
  });
});
