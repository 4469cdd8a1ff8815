import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../api/errors.ts';
import { NFT_PRICE_UNITS, USDT_UNIT } from '../constants.ts';
import { buyRefusal, buyRefusalReasons, kycRequiredFor, type BuyFacts } from './market-buy.ts';

const able: BuyFacts = {
  heldTokenId: 0n,
  prepaid: 0n,
  openPurchase: null,
  kyc: { approved: true, maxNftType: 2 },
  usdt: NFT_PRICE_UNITS[2],
  bnb: 10n ** 18n,
  fee: 10n ** 15n,
};

describe('market buy rules', () => {
  it('lets a user with the funds, the verification and no token of the level buy', () => {
    for (const level of [0, 1, 2] as const) expect(buyRefusalReasons(level, able)).toEqual([]);
  });

  it('asks for KYC on Gold and Platinum only', () => {
    expect([0, 1, 2].map((level) => kycRequiredFor(level as 0 | 1 | 2))).toEqual([
      false,
      true,
      true,
    ]);
    const unverified = { ...able, kyc: { approved: false, maxNftType: null } };
    expect(buyRefusalReasons(0, unverified)).toEqual([]);
    expect(buyRefusalReasons(1, unverified)).toEqual(['kyc-required']);
    expect(buyRefusalReasons(2, { ...able, kyc: { approved: true, maxNftType: 1 } })).toEqual([
      'kyc-level-too-low',
    ]);
  });

  it('lists every reason, the holding one first', () => {
    expect(
      buyRefusalReasons(1, {
        ...able,
        heldTokenId: 7n,
        kyc: { approved: false, maxNftType: null },
        usdt: 0n,
        bnb: 0n,
      }),
    ).toEqual(['already-holds-level', 'kyc-required', 'insufficient-usdt', 'insufficient-bnb']);
    expect(buyRefusalReasons(0, { ...able, prepaid: 1n })).toEqual(['already-queued']);
    expect(buyRefusalReasons(0, { ...able, openPurchase: 'queued' })).toEqual(['already-queued']);
    expect(buyRefusalReasons(0, { ...able, openPurchase: 'pending' })).toEqual([
      'purchase-pending',
    ]);
  });

  it('words a refusal with its code, message and facts', () => {
    // Without the reader's language the amounts are written when the message is translated.
    expect(buyRefusal('insufficient-usdt', 0, { usdt: 5n * USDT_UNIT, bnb: 0n, fee: 0n })).toEqual({
      code: ErrorCode.INSUFFICIENT_FUNDS,
      messageKey: 'market.insufficient-usdt',
      params: {
        name: 'Silver',
        price: { number: '100', unit: 'USDT' },
        balance: { number: '5', unit: 'USDT' },
      },
      details: {
        reason: 'insufficient-usdt',
        price: NFT_PRICE_UNITS[0].toString(),
        balance: (5n * USDT_UNIT).toString(),
      },
    });
    expect(
      buyRefusal('insufficient-bnb', 0, {
        usdt: 0n,
        bnb: 0n,
        fee: 1234n * 10n ** 15n,
        locale: 'ru',
      }),
    ).toMatchObject({
      code: ErrorCode.INSUFFICIENT_FEE,
      params: { balance: '0 BNB', minFee: '1,23 BNB' },
    });
    expect(
      buyRefusal('already-holds-level', 1, { heldTokenName: 'Gold #3', usdt: 0n, bnb: 0n, fee: 0n })
        .params,
    ).toEqual({ name: 'Gold #3' });
  });

  it('words a too-low verification with its maximum when known, without it when not', () => {
    const facts = { usdt: 0n, bnb: 0n, fee: 0n };
    expect(buyRefusal('kyc-level-too-low', 2, { ...facts, maxNftType: 1 })).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      messageKey: 'market.kyc-level-too-low',
      params: { name: 'Platinum', max: 'Gold' },
    });
    expect(buyRefusal('kyc-level-too-low', 2, facts)).toMatchObject({
      messageKey: 'market.kyc-level-not-allowed',
      params: { name: 'Platinum' },
    });
  });
});
