import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage.ts';

async function loadWith(stored: string | null, browserLanguage: string) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem(STORAGE_KEYS.locale, stored);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(browserLanguage);
  vi.resetModules();
  const module = await import('./i18n.ts');
  await module.i18nReady;
  await module.default.loadNamespaces('core');
  return module;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('i18n start-up locale (spec §1)', () => {
  it('uses the stored locale first', async () => {
    const { default: i18n } = await loadWith('ru', 'en-US');
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('falls back to the browser language before the hyphen', async () => {
    const { default: i18n } = await loadWith(null, 'ru-RU');
    expect(i18n.language).toBe('ru');
  });

  it('falls back to English for other languages and bad stored values', async () => {
    const { default: i18n } = await loadWith('xx', 'de-DE');
    expect(i18n.language).toBe('en');
  });

  it('serves the core catalogue and the common strings', async () => {
    const { default: i18n } = await loadWith('ru', 'ru');
    expect(i18n.t('msg.required', { ns: 'core' })).toBe('Обязательное поле');
    expect(i18n.t('cookie.accept')).toBe('Принять все cookie');
    expect(i18n.t('msg.min-length', { ns: 'core', count: 6 })).toContain('6');
  });

  it('remembers a switched language and updates <html lang>', async () => {
    const { default: i18n, setLocale } = await loadWith(null, 'en');
    await setLocale('ru');
    expect(i18n.language).toBe('ru');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });
});
