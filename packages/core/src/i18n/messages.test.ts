import { describe, expect, it } from 'vitest';
import { errorMessagesEn } from './error-messages.ts';
import { isMessageKey, MESSAGE_KEYS, messages, type MessageKey } from './messages.ts';
import { interpolate, placeholdersOf, translate } from './translate.ts';

describe('message catalogue', () => {
  it('en and ru have exactly the same keys', () => {
    expect(Object.keys(messages.ru).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it.each(Object.keys(messages.en) as MessageKey[])(
    '%s has the same placeholders in en and ru',
    (key) => {
      expect(placeholdersOf(messages.ru[key]).sort()).toEqual(
        placeholdersOf(messages.en[key]).sort(),
      );
    },
  );

  it('no text is empty or untranslated by accident', () => {
    for (const key of MESSAGE_KEYS) {
      expect(messages.en[key].trim()).not.toBe('');
      expect(messages.ru[key].trim()).not.toBe('');
      // Russian text must contain Cyrillic letters.
      expect(messages.ru[key]).toMatch(/[а-яё]/i);
    }
  });

  it('includes the server error catalogue', () => {
    for (const key of Object.keys(errorMessagesEn)) expect(isMessageKey(key)).toBe(true);
  });

  it('has the spec texts', () => {
    expect(messages.en['msg.required']).toBe('Field is required');
    expect(messages.en['msg.invalid-date']).toBe('Invalid date');
    expect(messages.en['msg.age-adults']).toBe(
      'Participation in the project is only available to adults',
    );
    expect(messages.en['msg.weak-password']).toBe('Weak password');
    expect(messages.en['msg.passwords-mismatch']).toBe('Passwords do not match');
    expect(messages.en['msg.invalid-email']).toBe('Invalid e-mail');
    expect(messages.en['msg.invalid-username']).toBe('Invalid username');
    expect(messages.en['msg.invalid-promocode']).toBe('Invalid promocode');
    expect(messages.en['msg.incorrect-address']).toBe('Incorrect address');
    expect(messages.en['msg.insufficient-funds']).toBe('Insufficient funds');
    expect(messages.en['msg.choose-gender']).toBe('Choose your gender');
    expect(messages.en['market.transaction-failed']).toBe('Transaction failed');
    expect(messages.en['market.transaction-canceled']).toBe('Transaction canceled');
    expect(messages.en['market.try-again']).toBe('Try again');
    expect(messages.en['market.already-have-nft']).toBe('You already have NFT {name}');
    expect(messages.en['market.unknown-error']).toMatch(/^Unknown error.*support/);
  });

  it('isMessageKey', () => {
    expect(isMessageKey('msg.required')).toBe(true);
    expect(isMessageKey('msg.nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey(1)).toBe(false);
  });
});

describe('translate', () => {
  it('translates into the locale', () => {
    expect(translate('en', 'msg.required')).toBe('Field is required');
    expect(translate('ru', 'msg.required')).toBe('Обязательное поле');
    expect(translate('ru', 'error.UNAUTHORIZED')).toBe('Неверный логин или пароль');
  });

  it('fills placeholders', () => {
    expect(translate('en', 'msg.min-length', { count: 6 })).toBe('Minimum 6 characters');
    expect(translate('ru', 'msg.max-length', { count: 30 })).toBe(
      'Максимальное количество символов: 30',
    );
    expect(translate('en', 'market.already-have-nft', { name: 'Gold' })).toBe(
      'You already have NFT Gold',
    );
    expect(
      translate('en', 'wallet.insufficient-fee', { balance: '0.001 BNB', minFee: '0.002 BNB' }),
    ).toContain(
      'Your balance is 0.001 BNB; top it up to at least the minimum transfer fee of 0.002 BNB',
    );
    expect(translate('ru', 'wallet.deposit-warning', { symbol: 'USDT' })).toMatch(
      /^Отправляйте на этот адрес только USDT\./,
    );
  });

  it('leaves missing placeholders visible and ignores extra params', () => {
    expect(translate('en', 'msg.min-length')).toBe('Minimum {count} characters');
    expect(translate('en', 'msg.min-length', {})).toBe('Minimum {count} characters');
    expect(translate('en', 'msg.required', { count: 1 })).toBe('Field is required');
  });

  it('falls back to English for an unknown locale, then to the key', () => {
    expect(translate('de', 'msg.required')).toBe('Field is required');
    expect(translate(undefined, 'msg.required')).toBe('Field is required');
    expect(translate(null, 'msg.required')).toBe('Field is required');
    expect(translate('ru', 'some.unknown-key')).toBe('some.unknown-key');
    expect(translate('ru', 'constructor')).toBe('constructor');
    expect(translate('ru', '__proto__')).toBe('__proto__');
  });

  it('interpolate and placeholdersOf', () => {
    expect(interpolate('{a} and {a} or {b}', { a: 1n, b: 'x' })).toBe('1 and 1 or x');
    expect(interpolate('{toString}', {})).toBe('{toString}');
    expect(placeholdersOf('{a} {b} {a}')).toEqual(['a', 'b']);
    expect(placeholdersOf('none')).toEqual([]);
  });
});
