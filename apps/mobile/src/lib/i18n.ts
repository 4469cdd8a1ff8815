import { useCallback } from 'react';
import type { Locale } from '@meeet/core/i18n/locale';
import { mobileMessages, type MobileMessageKey } from '@meeet/core/i18n/mobile-messages';
import type { MessageKey } from '@meeet/core/i18n/messages';
import { interpolate, translate, type MessageParams } from '@meeet/core/i18n/translate';
import { localeStore } from './locale-state.ts';
import { useStore } from './store.ts';

export type TextKey = MobileMessageKey | MessageKey;

/** The app's words first (mobile-messages), then the shared catalogue (rules, errors). */
export function text(locale: Locale, key: TextKey, params?: MessageParams): string {
  const own: Readonly<Record<string, string>> = mobileMessages[locale];
  if (Object.hasOwn(own, key)) return interpolate(own[key] ?? key, params);
  return translate(locale, key, params);
}

export type Translate = (key: TextKey, params?: MessageParams) => string;

export function useI18n(): { locale: Locale; t: Translate } {
  const locale = useStore(localeStore);
  const t = useCallback<Translate>((key, params) => text(locale, key, params), [locale]);
  return { locale, t };
}
