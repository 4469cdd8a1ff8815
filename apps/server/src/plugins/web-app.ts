import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isWebRoute } from '@meeet/core/web/route-match';
import { sendNotFound } from './error-handler.ts';

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

/**
 * Serves the built web app from the same port when WEB_DIST_DIR holds one, and answers
 * unknown routes: API paths (and anything when no app is built) get the JSON 404, browser
 * navigations get index.html so the SPA router takes over — with 200 for a page of the shared
 * route table and 404 for anything else (the app then shows its not-found page).
 */
async function webApp(app: FastifyInstance, { webDistDir }: { webDistDir: string }): Promise<void> {
  const hasWebApp = existsSync(join(webDistDir, 'index.html'));

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
      // The compressed copies are reached through their originals, never by their own URL.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files in /assets: a new build gets new names.
        const isHashedAsset = path.startsWith(join(webDistDir, 'assets'));
        reply.header('cache-control', isHashedAsset ? IMMUTABLE : REVALIDATE);
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && !isApiPath(request.url) && wantsHtml(request)) {
      return sendIndex(reply, isWebRoute(pathnameOf(request.url)) ? 200 : 404);
    }
    return sendNotFound(request, reply);
  });
}

function sendIndex(reply: FastifyReply, status: number) {
  return reply
    .code(status)
    .header('cache-control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .sendFile('index.html');
}

export const webAppPlugin = fp(webApp, { name: 'web-app' });
