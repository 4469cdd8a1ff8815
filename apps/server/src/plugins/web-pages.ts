import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether the thing a page path names exists (`/news/42`: a published item 42), given the
 * path's `:params`. A module that owns such a page registers its check; the web-app plugin
 * answers 404 for a path whose check says no, as it does for a path of no page at all. A check
 * may answer the thing's facts instead of `true`, for the page's head (web-head.ts).
 */
export type WebPageCheck = (
  params: Readonly<Record<string, string>>,
) => Promise<boolean | WebPageFacts>;

/** What a page of one thing (a token) tells link previews about it: it exists, with its title. */
export interface WebPageFacts {
  /** The thing's own name, written before the site's name in the title and Open Graph tags. */
  readonly title: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks by route pattern of packages/core/src/web/routes.ts. */
    webPageChecks: Map<string, WebPageCheck>;
  }
}

/** The `:params` of `pathname` by the segments of `pattern` (which it is known to match). */
export function routeParams(pattern: string, pathname: string): Record<string, string> {
  const names = pattern.split('/');
  const values = pathname.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    if (name.startsWith(':')) params[name.slice(1)] = decodeURIComponent(values[index] ?? '');
  });
  return params;
}

async function webPages(app: FastifyInstance): Promise<void> {
  app.decorate('webPageChecks', new Map<string, WebPageCheck>());
}

export const webPagesPlugin = fp(webPages, { name: 'web-pages' });
