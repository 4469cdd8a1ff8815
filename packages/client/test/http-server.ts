import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A real HTTP server on a free port: it answers each 'METHOD /path' from a table (query and
 * all, or the path alone) and keeps what it received, so a test sees the bytes a client sent.
 */
export async function startHttpServer(routes: Record<string, Answer>) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      const method = request.method ?? 'GET';
      received.push({
        method,
        url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const answer = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
      if (!answer) {
        response.writeHead(404, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }));
        return;
      }
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
