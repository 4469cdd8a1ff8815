import { describe, expect, it, vi } from 'vitest';
import { Translator, type Strings } from './translator.ts';

function translator(files: Record<string, Strings>) {
  const load = vi.fn((language: string, namespace: string) => {
    const strings = files[`${language}/${namespace}`];
    return strings ? Promise.resolve(strings) : null;
  });
  const i18n = new Translator({
    language: 'en',
    languages: ['en', 'ru'],
    fallbackLanguage: 'en',
    defaultNamespace: 'common',
    load,
  });
  return { i18n, load };
}

describe('Translator', () => {
  it('fills placeholders, keeps unknown ones, and falls back to the key', async () => {
    const { i18n } = translator({ 'en/common': { hello: 'Hello, {name}! {missing}' } });
    await i18n.loadNamespaces('common');
    expect(i18n.t('hello', { name: 'Anna' })).toBe('Hello, Anna! {missing}');
    expect(i18n.t('nope')).toBe('nope');
    expect(i18n.t('nope', { defaultValue: 'Default {n}', n: 2 })).toBe('Default 2');
  });

  it('looks in the namespaces in order, then in English where it is loaded', async () => {
    const { i18n } = translator({
      'en/common': { shared: 'common en', only: 'only en' },
      'ru/common': { shared: 'common ru' },
      'ru/core': { code: 'код' },
      'en/core': { code: 'code' },
    });
    // The app bundles the English shell strings; other English files are not fetched for this.
    await i18n.loadNamespaces('common');
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(['core']);
    const t = i18n.getFixedT(['core', 'common']);
    expect(t('code')).toBe('код');
    expect(t('shared')).toBe('common ru');
    expect(t('only')).toBe('only en');
    expect(i18n.t('code', { ns: 'core' })).toBe('код');
  });

  it('fetches one language of a namespace, and the used ones again on a language change', async () => {
    const { i18n, load } = translator({
      'en/home': { title: 'Home' },
      'ru/home': { title: 'Главная' },
    });
    await i18n.loadNamespaces('home');
    expect(load).toHaveBeenCalledWith('en', 'home');
    expect(load).not.toHaveBeenCalledWith('ru', 'home');
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    await i18n.changeLanguage('ru');
    expect(i18n.t('title', { ns: 'home' })).toBe('Главная');
    expect(changed).toHaveBeenCalledWith('ru');
    // An unsupported language shows English.
    await i18n.changeLanguage('de');
    expect(i18n.language).toBe('en');
  });

  it('returns nested objects with every string filled when asked', async () => {
    const { i18n } = translator({
      'en/faq': { topics: [{ q: 'Price?', a: 'From {price} USDT' }], deep: { a: { b: 'B' } } },
    });
    await i18n.loadNamespaces('faq');
    const t = i18n.getFixedT(['faq']);
    expect(t('topics', { returnObjects: true, keySeparator: '.', price: 10 })).toEqual([
      { q: 'Price?', a: 'From 10 USDT' },
    ]);
    expect(t('deep.a.b', { keySeparator: '.' })).toBe('B');
    expect(t('deep.a.b')).toBe('deep.a.b');
  });

  it('picks a plural form by the language rules when the catalogue has them', async () => {
    const { i18n } = translator({
      'ru/common': {
        files_one: '{count} файл',
        files_few: '{count} файла',
        files_many: '{count} файлов',
      },
    });
    await i18n.changeLanguage('ru');
    expect(i18n.t('files', { count: 1 })).toBe('1 файл');
    expect(i18n.t('files', { count: 3 })).toBe('3 файла');
    expect(i18n.t('files', { count: 5 })).toBe('5 файлов');
  });

  it('treats a namespace that fails to load as empty instead of waiting forever', async () => {
    const i18n = new Translator({
      language: 'en',
      languages: ['en'],
      fallbackLanguage: 'en',
      defaultNamespace: 'common',
      load: () => Promise.reject(new Error('chunk failed')),
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.loadNamespaces('broken');
    expect(i18n.hasLoadedNamespace('broken')).toBe(true);
    expect(i18n.t('key', { ns: 'broken' })).toBe('key');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
