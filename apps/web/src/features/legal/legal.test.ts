import { describe, expect, it } from 'vitest';
import en from './locales/en.ts';
import ru from './locales/ru.ts';

describe('legal documents', () => {
  it.each(['terms', 'privacy'] as const)(
    '%s has the same section anchors and placeholders in both languages',
    (doc) => {
      const names = (text: string) =>
        [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
      expect(ru[doc].map((section) => section.id)).toEqual(en[doc].map((section) => section.id));
      en[doc].forEach((section, index) =>
        expect(names(ru[doc][index]!.body), section.id).toEqual(names(section.body)),
      );
    },
  );
});
