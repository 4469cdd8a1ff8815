import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveLocale, type Locale } from '@meeet/core/i18n/locale';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language for messages: `x-locale`, else Accept-Language, else English. */
    locale: Locale;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids from a proxy or client are kept for log correlation only when they cannot inject anything. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: honours a sane incoming `x-request-id`, else a fresh UUID. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Accept-Language's first tag, e.g. `ru-RU` from `ru-RU,ru;q=0.9,en;q=0.8`. */
function firstLanguageTag(acceptLanguage: string | undefined): string | undefined {
  return acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || undefined;
}

async function requestContext(app: FastifyInstance): Promise<void> {
  app.decorateRequest('locale', 'en');

  app.addHook('onRequest', async (request, reply) => {
    request.locale = resolveLocale(
      headerValue(request.headers['x-locale']),
      firstLanguageTag(headerValue(request.headers['accept-language'])),
    );
    reply.header(REQUEST_ID_HEADER, request.id);
    // API answers are per user and often private: never let a browser or proxy cache them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}

export const requestContextPlugin = fp(requestContext, { name: 'request-context' });
