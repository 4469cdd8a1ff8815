import { pageMetaOf } from '@meeet/core/i18n/page-meta';
import { LOCALES, type Locale } from '@meeet/core/i18n/locale';
import { publicPages } from '@meeet/core/web/routes';
import type { WebPageFacts } from './web-pages.ts';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The page's address in a language: `?lang=` picks the language for crawlers and shared links. */
const localizedUrl = (publicUrl: string, pathname: string, locale?: Locale): string =>
  `${publicUrl}${pathname}${locale ? `?lang=${locale}` : ''}`;

export interface HeadInput {
  /** Route pattern of the page, `*` for the not-found page. */
  pattern: string;
  pathname: string;
  locale: Locale;
  /** Whether the URL named the language (`?lang=`): then the canonical address keeps it. */
  explicitLocale: boolean;
  publicUrl: string;
  /** The facts of the thing a page shows (a token's name), from its page check. */
  facts?: WebPageFacts;
}

/**
 * The head of index.html for one page: title, description, canonical and hreflang addresses,
 * Open Graph and Twitter cards. Written by the server so crawlers and link previews (which run
 * no JavaScript) see each page's own words; the app keeps the title in step on navigation.
 */
export function renderHead(template: string, input: HeadInput): string {
  const { pattern, pathname, locale, publicUrl } = input;
  const meta = pageMetaOf(pattern, locale);
  const title = escapeHtml(input.facts ? `${input.facts.title} — ${meta.title}` : meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(
    localizedUrl(publicUrl, pathname, input.explicitLocale ? locale : undefined),
  );
  const image = `${publicUrl}/og-image.png`;
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (pattern === '*') {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    tags.push(`<link rel="canonical" href="${url}" />`);
    for (const alternate of LOCALES) {
      const href = escapeHtml(localizedUrl(publicUrl, pathname, alternate));
      tags.push(`<link rel="alternate" hreflang="${alternate}" href="${href}" />`);
    }
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(localizedUrl(publicUrl, pathname))}" />`,
    );
  }
  tags.push(
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="MEEET" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta property="og:locale" content="${locale === 'ru' ? 'ru_RU' : 'en_US'}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  );
  return (
    template
      // data-head-*: what this head was written for; the app rewrites it only when that changes.
      .replace(
        /<html lang="[^"]*"/,
        `<html lang="${locale}" data-head-locale="${locale}" data-head-path="${escapeHtml(pathname)}"`,
      )
      .replace(/<title>[^<]*<\/title>/, tags.join('\n    '))
  );
}

// Pages a visitor must sign in for, or that only make sense inside a session.
const PRIVATE_PREFIXES = ['/account', '/auth', '/control', '/kyc', '/cpa', '/apple-login'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages, each with its language versions (hreflang) as search engines read them. */
export function sitemapXml(publicUrl: string): string {
  const entries = publicPages.map((path) => {
    const alternates = [
      ...LOCALES.map(
        (locale) =>
          `    <xhtml:link rel="alternate" hreflang="${locale}" href="${escapeHtml(localizedUrl(publicUrl, path, locale))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(localizedUrl(publicUrl, path))}"/>`,
    ];
    return [
      '  <url>',
      `    <loc>${escapeHtml(localizedUrl(publicUrl, path))}</loc>`,
      ...alternates,
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
