import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ErrorCode, errorBodySchema } from '@meeet/core/api/errors';
import { validateEmail } from '@meeet/core/rules/email';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { busyPool } from '../db/busy.test-support.ts';
import { createDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const signUpBody = z.object({
  email: z.string().superRefine((value, ctx) => {
    const error = validateEmail(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
  age: z.number(),
});

/** Routes that exist only in this test, to provoke each kind of failure. */
const testRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post('/test/sign-up', { schema: { body: signUpBody } }, async (request) => ({
    email: request.body.email,
  }));
  api.get('/test/boom', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
  });
  api.get('/test/conflict', async () => {
    throw new AppError(ErrorCode.CONFLICT);
  });
  api.get('/test/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
};

describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.register(testRoutes, { prefix: '/api' });
    const databaseUrl = t.config.databaseUrl ?? '';
    await t.app.register(
      async (api) => {
        // A statement on a pool whose only connection stays checked out, as under overload.
        api.get('/test/busy', async () => {
          const busy = await busyPool(databaseUrl);
          try {
            return await createDatabase(busy.pool).execute(sql`select 1`);
          } finally {
            await busy.end();
          }
        });
      },
      { prefix: '/api' },
    );
  });
  afterAll(() => t.close());

  function expectErrorShape(
    response: { json: () => unknown; headers: Record<string, unknown> },
    code: string,
  ) {
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe(code);
    expect(body.message).not.toBe('');
    expect(body.requestId).toBe(response.headers['x-request-id']);
    return body;
  }

  it('answers an unknown API route with 404 NOT_FOUND', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(expectErrorShape(response, 'NOT_FOUND').message).toBe('Not found');
  });

  it('answers a malformed URL with 400 BAD_REQUEST', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response, 'BAD_REQUEST');
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response, 'BAD_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(response.statusCode).toBe(415);
    expectErrorShape(response, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(BODY_LIMIT_BYTES), age: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expectErrorShape(response, 'PAYLOAD_TOO_LARGE');
  });

  it('answers validation errors with 400 and per-field messages in English', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      payload: { email: 'not-an-email', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    const body = expectErrorShape(response, 'VALIDATION_ERROR');
    expect(body.message).toBe('Some fields are filled in incorrectly');
    expect(body.fields?.email).toBe('Invalid e-mail');
    // Zod's own messages are not catalogue keys and pass through.
    expect(body.fields?.age).toMatch(/expected number/i);
  });

  it('translates validation messages into Russian from x-locale or Accept-Language', async () => {
    for (const headers of [
      { 'x-locale': 'ru' },
      { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/sign-up',
        headers,
        payload: { email: '', age: 30 },
      });
      expect(response.statusCode).toBe(400);
      const body = expectErrorShape(response, 'VALIDATION_ERROR');
      expect(body.message).toBe('Некоторые поля заполнены неверно');
      expect(body.fields).toEqual({ email: 'Обязательное поле' });
    }
  });

  it('ignores an unknown x-locale and falls back to English', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-locale': 'de' },
    });
    expect(response.json()).toMatchObject({ message: 'Not found' });
  });

  it('answers an AppError with its status and translated message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/conflict',
      headers: { 'x-locale': 'ru' },
    });
    expect(response.statusCode).toBe(409);
    expect(expectErrorShape(response, 'CONFLICT').message).toBe('Это уже сделано');
  });

  it('answers an unexpected error with 500 INTERNAL_ERROR and nothing of its details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = expectErrorShape(response, 'INTERNAL_ERROR');
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|stack|at /);
  });

  it('answers a statement that got no database connection in time with 503 and a Retry-After', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/busy' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(expectErrorShape(response, 'SERVICE_UNAVAILABLE').message).toBe(
      'The server is busy right now. Please try again in a few seconds',
    );
    const ru = await t.app.inject({
      method: 'GET',
      url: '/api/test/busy',
      headers: { 'x-locale': 'ru' },
    });
    expect(expectErrorShape(ru, 'SERVICE_UNAVAILABLE').message).toBe(
      'Сервер сейчас перегружен. Попробуйте ещё раз через несколько секунд',
    );
  });

  it('answers a rate-limited route with 429 RATE_LIMITED', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(response.statusCode).toBe(429);
    expectErrorShape(response, 'RATE_LIMITED');
  });
});
