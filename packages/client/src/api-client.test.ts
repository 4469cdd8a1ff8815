import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, unwrap, ApiError, type ApiClientConfig } from './api-client.ts';
import { startHttpServer, type Answer } from '../test/http-server.ts';

type Server = Awaited<ReturnType<typeof startHttpServer>>;
let server: Server | null = null;

async function clientFor(routes: Record<string, Answer>, extra: Partial<ApiClientConfig> = {}) {
  server = await startHttpServer(routes);
  const origin = server.origin;
  const config = {
    origin: () => origin,
    token: () => 'jwt-1',
    fingerprint: () => 'fp-1',
    locale: () => 'ru',
    onUnauthorized: vi.fn(),
    onFailure: vi.fn(),
    ...extra,
  };
  return { api: createApiClient(config), config, received: server.received };
}

afterEach(async () => {
  await server?.close();
  server = null;
});

describe('requests (spec §7)', () => {
  it('sends the bearer token, JSON, the fingerprint, the language and the app’s own headers', async () => {
    const { api, received } = await clientFor(
      { 'POST /api/user/login': { status: 200, body: { token: 't' } } },
      { headers: () => ({ 'x-cpa-link-id': 'link-7' }) },
    );
    const answer = await api.post('/user/login', { email: 'a@b.co' }, undefined, {
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(answer).toEqual({ ok: true, code: 200, data: { token: 't' } });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/user/login' });
    expect(received[0]?.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(received[0]?.headers).toMatchObject({
      authorization: 'Bearer jwt-1',
      accept: 'application/json',
      'content-type': 'application/json',
      'x-fp': 'fp-1',
      'x-locale': 'ru',
      'x-cpa-link-id': 'link-7',
      'idempotency-key': 'key-1',
    });
  });

  it('sends no Authorization without a token', async () => {
    const { api, received } = await clientFor(
      { 'GET /api/crypto': { status: 200, body: [] } },
      { token: () => null },
    );
    await api.get('/crypto');
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('puts GET and DELETE payloads in the query, arrays as repeated keys, unset values left out', async () => {
    const { api, received } = await clientFor({
      'GET /api/meet/conversations': { status: 200, body: { list: [] } },
      'DELETE /api/push/token': { status: 204 },
    });
    await api.get('/meet/conversations', { limit: 5, before: undefined, kind: ['a', 'b'] });
    const removed = await api.delete('push/token', { token: 'ab' });
    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/meet/conversations?limit=5&kind=a&kind=b',
      'DELETE /api/push/token?token=ab',
    ]);
    expect(received[1]?.body).toBe('');
    // No body, so no JSON label: the server refuses an empty body labelled JSON.
    expect(received[1]?.headers['content-type']).toBeUndefined();
    expect(removed).toEqual({ ok: true, code: 204, data: undefined });
  });

  it('names no Content-Type on a call without a body (a DELETE by path)', async () => {
    const { api, received } = await clientFor({
      'DELETE /api/crypto/wallet/addresses/3': { status: 200, body: {} },
    });
    await api.delete('/crypto/wallet/addresses/3');
    expect(received[0]?.headers['content-type']).toBeUndefined();
  });

  it('lets FormData set its own multipart Content-Type', async () => {
    const { api, received } = await clientFor({ 'POST /api/media': { status: 200, body: {} } });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.upload('/media', form);
    expect(received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('checks a success against its schema, loaded beside the request when given as a loader', async () => {
    const schema = z.object({ id: z.number() });
    const { api } = await clientFor({
      'GET /api/good': { status: 200, body: { id: 7 } },
      'GET /api/bad': { status: 200, body: { id: 'seven' } },
    });
    expect(await api.get('/good', undefined, async () => schema)).toEqual({
      ok: true,
      code: 200,
      data: { id: 7 },
    });
    expect(await api.get('/bad', undefined, schema)).toEqual({
      ok: false,
      code: 500,
      error: 'Invalid response',
      errorCode: 'INTERNAL_ERROR',
    });
  });
});

describe('failures (spec §8)', () => {
  it('reports the server’s message, code, fields, details and Retry-After', async () => {
    const { api, config } = await clientFor({
      'POST /api/user/code': {
        status: 429,
        headers: { 'Retry-After': '42' },
        body: {
          code: 'TOO_MANY_REQUESTS',
          message: 'Слишком много запросов',
          fields: { email: 'Неверный адрес' },
          details: { limit: '3' },
        },
      },
    });
    const answer = await api.post('/user/code', {});
    expect(answer).toEqual({
      ok: false,
      code: 429,
      error: 'Слишком много запросов',
      errorCode: 'TOO_MANY_REQUESTS',
      fields: { email: 'Неверный адрес' },
      details: { limit: '3' },
      retryAfter: 42,
    });
    expect(config.onFailure).toHaveBeenCalledWith(
      answer,
      `${server?.origin}/api/user/code`,
      'Слишком много запросов',
    );
    expect(config.onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out on a 401', async () => {
    const { api, config } = await clientFor({
      'GET /api/user/me': {
        status: 401,
        body: { code: 'TOKEN_INVALID', message: 'Your session has ended' },
      },
    });
    expect(await api.get('/user/me')).toMatchObject({
      ok: false,
      code: 401,
      error: 'Your session has ended',
    });
    expect(config.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('answers ERROR for a body without a message', async () => {
    const { api, config } = await clientFor({ 'GET /api/x': { status: 503 } });
    expect(await api.get('/x')).toEqual({ ok: false, code: 503, error: 'ERROR' });
    expect(config.onFailure).toHaveBeenCalledWith(expect.anything(), expect.any(String), undefined);
  });

  it('counts an unreachable server as 400 with ERROR', async () => {
    const { api } = await clientFor({});
    await server?.close();
    server = null;
    expect(await api.post('/user/login', {})).toEqual({ ok: false, code: 400, error: 'ERROR' });
  });

  it('unwrap gives the data or throws an ApiError carrying the failure', async () => {
    const { api } = await clientFor({
      'GET /api/ok': { status: 200, body: { a: 1 } },
      'GET /api/no': { status: 403, body: { code: 'FORBIDDEN', message: 'No' } },
    });
    expect(await unwrap(api.get('/ok'))).toEqual({ a: 1 });
    const error = await unwrap(api.get('/no')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('No');
    expect((error as ApiError).failure.errorCode).toBe('FORBIDDEN');
  });
});

describe('signed calls (the app’s App Attest, issue 39)', () => {
  let order: string[];
  beforeEach(() => {
    order = [];
  });

  it('signs only the calls the signer names, over the path and exact body sent, one at a time', async () => {
    let turn = Promise.resolve<unknown>(undefined);
    const { api, received } = await clientFor(
      {
        'POST /api/meetings/start': { status: 200, body: {} },
        'GET /api/user/me': { status: 200, body: {} },
      },
      {
        signer: {
          signs: (method, path) => method === 'POST' && path === '/meetings/start',
          headers: async (method, target, body) => {
            order.push(`sign ${body}`);
            return { 'x-app-assertion': `${method} ${target} ${body}` };
          },
          inTurn: <T>(work: () => Promise<T>) => {
            const next = turn.then(work, work);
            turn = next.catch(() => undefined);
            return next;
          },
        },
      },
    );
    await Promise.all([
      api.post('/meetings/start', { n: 1 }),
      api.post('/meetings/start', { n: 2 }),
      api.get('/user/me'),
    ]);
    expect(order).toEqual(['sign {"n":1}', 'sign {"n":2}']);
    const signed = received.filter(({ url }) => url === '/api/meetings/start');
    expect(signed.map(({ headers }) => headers['x-app-assertion'])).toEqual([
      'POST /api/meetings/start {"n":1}',
      'POST /api/meetings/start {"n":2}',
    ]);
    expect(received.find(({ url }) => url === '/api/user/me')?.headers['x-app-assertion']).toBe(
      undefined,
    );
  });
});
