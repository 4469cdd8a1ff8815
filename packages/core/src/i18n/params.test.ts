import { describe, expect, it } from 'vitest';
import { tokenAmountParam } from '../format/number.ts';
import { paramTexts } from './params.ts';
import { translate } from './translate.ts';

describe('a number quoted by a message made before its reader was known', () => {
  const balance = tokenAmountParam(1_234_567_800_000_000_000_000n, 'USDT');
  const fee = tokenAmountParam(250_000_000_000_000n, 'BNB');

  it('is written the way the reader language writes numbers, with its unit', () => {
    const params = { name: 'Silver', price: tokenAmountParam(10n ** 20n, 'USDT'), balance };
    expect(translate('en', 'market.insufficient-usdt', params)).toBe(
      'Insufficient funds: Silver costs 100 USDT, your balance is 1,234.57 USDT',
    );
    expect(translate('ru', 'market.insufficient-usdt', params)).toBe(
      'Недостаточно средств: Silver стоит 100 USDT, ваш баланс 1\u00a0234,57 USDT',
    );
  });

  it('keeps the small amounts rule in both languages', () => {
    expect(paramTexts({ fee }, 'en')).toEqual({ fee: '0.0003 BNB' });
    expect(paramTexts({ fee }, 'ru')).toEqual({ fee: '0,0003 BNB' });
  });

  it('keeps the spec text without a language, and survives JSON between processes', () => {
    const carried = JSON.parse(JSON.stringify({ balance })) as { balance: typeof balance };
    expect(paramTexts(carried)).toEqual({ balance: '1234.57 USDT' });
    expect(paramTexts(carried, 'ru')).toEqual({ balance: '1\u00a0234,57 USDT' });
  });
});
