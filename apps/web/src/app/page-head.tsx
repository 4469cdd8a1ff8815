import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/react.ts';
import { isLocale } from '@meeet/core/i18n/locale';

/**
 * Keeps the tab title and description in step with the page and language. The server wrote
 * the first page's head (apps/server/src/plugins/web-head.ts) in the language it marked on
 * <html data-head-locale>; the words are fetched only when something differs from that.
 */
export function PageHead() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => {
    const root = document.documentElement;
    const written = `${root.dataset.headLocale}${root.dataset.headPath}`;
    if (written === `${language}${pathname}` || !isLocale(language)) return;
    let current = true;
    void Promise.all([
      import('@meeet/core/i18n/page-meta'),
      import('@meeet/core/web/route-match'),
    ]).then(([{ pageMetaOf }, { matchWebRoute }]) => {
      if (!current) return;
      const meta = pageMetaOf(matchWebRoute(pathname) ?? '*', language);
      document.title = meta.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
      root.dataset.headLocale = language;
      root.dataset.headPath = pathname;
    });
    return () => {
      current = false;
    };
  }, [pathname, language]);

  return null;
}
