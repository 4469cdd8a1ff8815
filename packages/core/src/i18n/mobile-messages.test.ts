import { describe, expect, it } from 'vitest';
import { mobileMessages, type MobileMessageKey } from './mobile-messages.ts';
import { messages } from './messages.ts';
import { placeholdersOf } from './translate.ts';

const keys = Object.keys(mobileMessages.en) as MobileMessageKey[];
// Words that read the same in both languages.
const sameInBoth = new Set<MobileMessageKey>(['m.app.name', 'm.auth.email']);

describe('the iOS app catalogue', () => {
  it('en and ru have exactly the same keys', () => {
    expect(Object.keys(mobileMessages.ru).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s has the same placeholders in en and ru', (key) => {
    expect(placeholdersOf(mobileMessages.ru[key]).sort()).toEqual(
      placeholdersOf(mobileMessages.en[key]).sort(),
    );
  });

  it('every Russian text is translated', () => {
    for (const key of keys) {
      expect(mobileMessages.en[key].trim()).not.toBe('');
      if (!sameInBoth.has(key)) expect(mobileMessages.ru[key]).toMatch(/[а-яё]/i);
    }
  });

  // PRODUCT.md "Meeting and minting": the minted token goes to the market, and its two
  // generators share the seller payout each time it sells; nobody is handed a new token.
  it.each(['en', 'ru'] as const)(
    '%s says where a minted token goes and what the two earn',
    (locale) => {
      const market = locale === 'en' ? /market/ : /маркетплейс/;
      for (const text of [
        mobileMessages[locale]['m.meetings.how'],
        mobileMessages[locale]['m.wallet.no-tokens'],
        messages[locale]['meetings.minted'],
      ]) {
        expect(text).toMatch(market);
        expect(text).toContain('40%');
        expect(text).not.toMatch(/for you both|вам обоим/);
      }
    },
  );
});
