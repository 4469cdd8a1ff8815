import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { LOCALES, isLocale, resolveLocale, type Locale } from '@meeet/core/i18n/locale';
import { matchWebRoute } from '@meeet/core/web/route-match';
import { sendNotFound } from './error-handler.ts';
import { renderHead, robotsTxt, sitemapXml } from './web-head.ts';
import { routeParams, type WebPageFacts } from './web-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Where the web build writes its prerendered pages (apps/web/build/prerender.ts). */
const PRERENDER_DIR = 'prerendered';

/**
 * The prerendered landing pages of the build, keyed `${locale}${pathname}`: the web build
 * writes `prerendered/en/index.html` for `/` and `prerendered/ru/help/faq.html` for `/help/faq`.
 */
function readPrerendered(webDistDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const root = join(webDistDir, PRERENDER_DIR);
  if (!existsSync(root)) return pages;
  for (const locale of LOCALES) {
    const dir = join(root, locale);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.html')) continue;
      const path = `/${relative('.', entry).split(sep).join('/').slice(0, -'.html'.length)}`;
      const pathname = path === '/index' ? '/' : path;
      pages.set(`${locale}${pathname}`, readFileSync(join(dir, entry), 'utf8'));
    }
  }
  return pages;
}

/** Brotli, else gzip, else none: the page differs per request, so it is compressed per request. */
function encode(request: FastifyRequest, reply: FastifyReply, body: string): Buffer | string {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    // A page is a few KB: a middle quality costs well under a millisecond.
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(body);
  }
  return body;
}

/**
 * Serves the built web app from the same port when WEB_DIST_DIR holds one, and answers
 * unknown routes: API paths (and anything when no app is built) get the JSON 404, browser
 * navigations get index.html so the SPA router takes over — with 200 for a page of the shared
 * route table and 404 for anything else (the app then shows its not-found page).
 */
async function webApp(
  app: FastifyInstance,
  { webDistDir, publicUrl }: { webDistDir: string; publicUrl: string },
): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const template = hasWebApp ? readFileSync(indexFile, 'utf8') : '';
  const prerendered = hasWebApp ? readPrerendered(webDistDir) : new Map<string, string>();

  /**
   * index.html with the page's own head (web-head.ts), 404 for a path not in the route table.
   * A landing page the build prerendered is sent as that page in the chosen language, so its
   * content shows before (and without) JavaScript; the app then hydrates it.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = pathnameOf(request.url);
    const { pattern, facts } = await existingPage(pathname);
    const query = request.query as Record<string, unknown> | undefined;
    const explicitLocale = isLocale(query?.lang);
    // The language the server can know: `?lang=` (links and hreflang addresses), else the
    // browser's first Accept-Language. A choice stored in the browser is the app's to apply.
    const locale: Locale = explicitLocale
      ? (query!.lang as Locale)
      : resolveLocale(null, request.headers['accept-language']?.split(',')[0]?.split(';')[0]);
    const page = (pattern && prerendered.get(`${locale}${pathname}`)) || template;
    const html = renderHead(page, {
      pattern: pattern ?? '*',
      pathname,
      locale,
      explicitLocale,
      publicUrl,
      facts,
    });
    return reply
      .code(pattern ? 200 : 404)
      .header('cache-control', REVALIDATE)
      .header('vary', 'Accept-Encoding, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(encode(request, reply, html));
  }

  /**
   * The page's route pattern (null for no page or a page of something that is not there), and
   * what its check told about the thing it shows.
   */
  async function existingPage(
    pathname: string,
  ): Promise<{ pattern: string | null; facts?: WebPageFacts }> {
    const pattern = matchWebRoute(pathname);
    const check = pattern ? app.webPageChecks.get(pattern) : undefined;
    if (!pattern || !check) return { pattern };
    let params: Record<string, string>;
    try {
      params = routeParams(pattern, pathname.replace(/(.)\/$/, '$1'));
    } catch {
      return { pattern: null }; // a malformed %-escape names nothing
    }
    const found = await check(params);
    if (!found) return { pattern: null };
    return found === true ? { pattern } : { pattern, facts: found };
  }

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Routes for the files that exist at start; everything else reaches the not-found handler.
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts);
      // the request's Accept-Encoding picks one, and `Vary: Accept-Encoding` is set.
      preCompressed: true,
      // The compressed copies are reached through their originals, never by their own URL;
      // index.html and the prerendered pages only through sendPage, with the page's own head.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html', `${PRERENDER_DIR}/**`],
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files in /assets: a new build gets new names.
        const isHashedAsset = path.startsWith(join(webDistDir, 'assets'));
        reply.header('cache-control', isHashedAsset ? IMMUTABLE : REVALIDATE);
      },
    });
    app.get('/', { schema: { hide: true } }, sendPage);
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', REVALIDATE).type('text/plain').send(robotsTxt(publicUrl)),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', REVALIDATE).type('application/xml').send(sitemapXml(publicUrl)),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && !isApiPath(request.url) && wantsHtml(request)) return sendPage(request, reply);
    return sendNotFound(request, reply);
  });
}

export const webAppPlugin = fp(webApp, { name: 'web-app' });
