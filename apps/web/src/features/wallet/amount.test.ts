import { describe, expect, it } from 'vitest';
import { parseTokenAmount } from '@meeet/core/rules/amount';
import { canPayFee, checkAmountAvailable, maxAmountText, toUnits } from './amount.ts';

const USDT = 10n ** 18n;

describe('maxAmountText', () => {
  it('writes the whole withdrawable amount as typed text, exactly', () => {
    expect(maxAmountText((1000n * USDT).toString(), 18)).toBe('1000');
    expect(maxAmountText('1500000000000000000', 18)).toBe('1.5');
    expect(maxAmountText('1', 18)).toBe('0.000000000000000001');
    expect(maxAmountText('0', 18)).toBe('0');
  });

  it('round-trips through the amount parser to the same units', () => {
    const units = '123456789012345678901234567890';
    const parsed = parseTokenAmount(maxAmountText(units, 18), 18);
    expect(parsed).toEqual({ ok: true, units: BigInt(units) });
  });

  it('treats malformed units as nothing', () => {
    expect(maxAmountText('-5', 18)).toBe('0');
    expect(toUnits('1.5')).toBe(0n);
    expect(toUnits(undefined)).toBe(0n);
  });
});

describe('checkAmountAvailable', () => {
  const withdrawable = (10n * USDT).toString();

  it('allows up to the withdrawable amount, to the last unit', () => {
    expect(checkAmountAvailable('10', withdrawable, 18)).toBeNull();
    expect(checkAmountAvailable('9.999999999999999999', withdrawable, 18)).toBeNull();
  });

  it('refuses more than is withdrawable', () => {
    expect(checkAmountAvailable('10.000000000000000001', withdrawable, 18)).toBe(
      'msg.insufficient-funds',
    );
    expect(checkAmountAvailable('11', withdrawable, 18)).toBe('msg.insufficient-funds');
  });

  it('leaves invalid text to the schema', () => {
    expect(checkAmountAvailable('abc', withdrawable, 18)).toBeNull();
    expect(checkAmountAvailable('', withdrawable, 18)).toBeNull();
  });
});

describe('canPayFee', () => {
  it('needs both the wallet and the live fee to allow it', () => {
    expect(canPayFee('100', true, '100')).toBe(true);
    expect(canPayFee('99', true, '100')).toBe(false);
    expect(canPayFee('1000', false, '100')).toBe(false);
    expect(canPayFee('1000', true)).toBe(true);
  });
});
