// Build-time entry (build/prerender.ts): renders the landing pages to HTML in each language.
// Bundled for Node by a second, SSR build of the same sources; never shipped to browsers.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { LOCALES, type Locale } from '@meeet/core/i18n/locale';
import { AppContent } from './app/app.tsx';
import { paths } from './app/paths.ts';
import { AppProvider } from './app/provider.tsx';
import i18n, { i18nReady } from './i18n/i18n.ts';

export const PRERENDER_LOCALES: readonly Locale[] = LOCALES;

/** The pages whose first paint should not wait for JavaScript (issue 17). */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home.getHref(),
  paths.cpaLanding.main.getHref(),
  paths.cpaLanding.meet.getHref(),
  paths.cpaLanding.earn.getHref(),
  paths.help.faq.getHref(),
  paths.terms.getHref(),
  paths.privacy.getHref(),
  // A signed-in page, prerendered as the shell every visitor gets first: the header, the
  // heading and a spinner where the account gate and the market's data will be (the largest
  // paint of a phone's first visit is the heading's text, so it need not wait for the app).
  paths.market.getHref(),
];

export interface RenderedPage {
  /** The markup inside the app's container. */
  html: string;
  /** Emotion's `<style data-emotion>` elements for the head, in insertion order. */
  styles: string;
}

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * Renders one page the way the browser's first render will (signed out, no stored state):
 * waits for every lazy route and string namespace (`prerenderToNodeStream` resolves Suspense),
 * and collects emotion's styles instead of inlining them beside each element. The tags use
 * emotion's own SSR format, so the browser's emotion cache adopts them on hydration instead of
 * inserting the same rules again.
 */
export async function renderPage(path: string, locale: Locale): Promise<RenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  const cache = createCache({ key: 'css' });
  // Compat mode: rules go to cache.inserted (as @emotion/server expects) rather than inline.
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <StaticRouter location={path}>
            <AppContent />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary in place: React would otherwise move large ones out of the page flow and
      // put them back with an inline script, which the CSP forbids and a page without
      // JavaScript never runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) {
    throw new AggregateError(errors, `prerendering ${path} (${locale}) failed`);
  }

  const classIds: string[] = [];
  let classRules = '';
  const globals: string[] = [];
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      // <Global> styles (CssBaseline, the font faces): one tag each, found again by name.
      globals.push(`<style data-emotion="${cache.key}-global ${id}">${escapeStyle(rules)}</style>`);
    } else {
      classIds.push(id);
      classRules += rules;
    }
  }
  const styles = [
    ...globals,
    `<style data-emotion="${cache.key} ${classIds.join(' ')}">${escapeStyle(classRules)}</style>`,
  ].join('');
  return { html: Buffer.concat(chunks).toString('utf8'), styles };
}
