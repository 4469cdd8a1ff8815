import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** What a page sent: asserted where the request itself is the behaviour (a POST, a filter). */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Resolver = (request: {
  body: unknown;
  url: URL;
  request: Request;
}) => Response | JsonBodyType | Promise<Response | JsonBodyType>;

/** The network edge of every web test: MSW answers the page's `fetch` calls. */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function readBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Answers the API by "METHOD /api/path" (a path may hold `:params` and `*`; the method `*`
 * takes any); anything else gets the
 * server's 404 body, as the real API would. Returns every request sent, in order, recorded
 * before it is answered. A later call in the same test takes over from an earlier one.
 */
export function serveApi(routes: Record<string, Resolver>): SentRequest[] {
  const sent: SentRequest[] = [];
  const record = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: await readBody(request),
      headers: request.headers,
    });
    return undefined;
  });
  const answers = Object.entries(routes).map(([key, resolve]) => {
    const [method = 'GET', path = '/'] = key.split(' ');
    return http.all(`*${path}`, async ({ request }) => {
      if (method !== '*' && request.method !== method) return undefined;
      const answer = await resolve({
        body: await readBody(request),
        url: new URL(request.url),
        request,
      });
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    });
  });
  const notFound = http.all('*', () =>
    HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
  );
  server.use(record, ...answers, notFound);
  return sent;
}
