import { vi } from 'vitest';

type Handler = (request: { body: unknown; url: URL }) => Response | Promise<Response>;

/**
 * Stubs `fetch` with handlers keyed by "METHOD /api/path" (the page talks to the network edge
 * only); every call is recorded so a test can assert what was sent.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: {
    method: string;
    path: string;
    query: URLSearchParams;
    body: unknown;
    headers: Headers;
  }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: new Headers(init?.headers),
      });
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler)
        return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      return handler({ body, url });
    }),
  );
  return calls;
}
