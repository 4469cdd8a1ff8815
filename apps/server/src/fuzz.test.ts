import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachTestChain, type TestChain } from '../test/chain.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { bearer, registerUser } from '../test/accounts.ts';
import { makeRole } from './modules/media/media.test-support.ts';

/**
 * Fuzzing driven by the published OpenAPI document: every operation gets malformed values in
 * every place it takes input (wrong types, huge strings, NUL, deep nesting, `__proto__` keys,
 * floats and negatives for amounts), signed in as an admin so the validators are reached.
 * Whatever is sent, the server answers below 500, and every 4xx carries `{ code, message }`.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  pattern?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const deep = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** Values that are wrong for almost any field. */
const MALFORMED: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  '',
  ' ',
  'x'.repeat(100_000),
  'nul\u0000byte',
  '\u202e\ud800',
  '12.34567890123456789012345',
  '-100',
  'NaN',
  '1e400',
  [],
  [1, 'two', null],
  {},
  deep(200),
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
];

const PATH_VALUES = ['0', '-1', '1.5', 'abc', '9'.repeat(400), '%00', '__proto__', '%E0%A4%A'];

function plausible(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return plausible(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value)]),
      );
    case 'array':
      return [plausible(schema.items)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

interface Probe {
  method: string;
  url: string;
  query?: Record<string, string>;
  payload?: unknown;
  headers?: Record<string, string>;
  label: string;
}

function probesOf(path: string, method: string, operation: Operation): Probe[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (values: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
  const baseUrl = fill({});
  const baseQuery = Object.fromEntries(
    queryParams.map((p) => [p.name, String(plausible(p.schema))]),
  );
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const baseBody = bodySchema ? plausible(bodySchema) : undefined;
  const probes: Probe[] = [];

  for (const param of pathParams) {
    for (const value of PATH_VALUES) {
      probes.push({
        method,
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param.name ? value : '1')),
        label: `path ${param.name}=${value.slice(0, 20)}`,
      });
    }
  }
  for (const param of queryParams) {
    for (const value of MALFORMED) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      probes.push({
        method,
        url: baseUrl,
        query: { ...baseQuery, [param.name]: text ?? 'null' },
        label: `query ${param.name}`,
      });
    }
  }
  if (bodySchema) {
    const fields = Object.keys((baseBody as Record<string, unknown>) ?? {});
    for (const value of MALFORMED) {
      probes.push({ method, url: baseUrl, query: baseQuery, payload: value, label: 'whole body' });
      for (const field of fields) {
        probes.push({
          method,
          url: baseUrl,
          query: baseQuery,
          payload: { ...(baseBody as object), [field]: value },
          label: `body ${field}`,
        });
      }
    }
    probes.push({
      method,
      url: baseUrl,
      query: baseQuery,
      payload: '{"unterminated": ',
      headers: { 'content-type': 'application/json' },
      label: 'broken JSON',
    });
  } else if (method !== 'GET' && method !== 'DELETE') {
    probes.push({ method, url: baseUrl, payload: MALFORMED[17], label: 'unexpected body' });
  }
  probes.push({
    method,
    url: baseUrl,
    query: baseQuery,
    headers: { 'idempotency-key': '\u0000'.repeat(3), 'x-fp': 'x'.repeat(5000) },
    label: 'hostile headers',
  });
  return probes;
}

/** Operations that end the caller's own session are probed last, on a token of their own. */
const SESSION_ENDING = ['/api/user/logout', '/api/user/password'];

describe('OpenAPI-driven fuzz', () => {
  let t: TestApp;
  let chain: TestChain;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      LOG_LEVEL: 'silent',
      // Configured, so the Apple routes are reached; the key set is never fetched for bad input.
      APPLE_CLIENT_ID: 'app.meeet.fuzz',
      APPLE_KEYS_URL: 'http://127.0.0.1:9/keys',
    });
    chain = await attachTestChain(t);
    const admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    token = admin.token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('never answers 5xx, and every 4xx has a code and a message', { timeout: 60_000 }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(document.paths)
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
      )
      .filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .sort(
        (a, b) => Number(SESSION_ENDING.includes(a.path)) - Number(SESSION_ENDING.includes(b.path)),
      );
    expect(operations.length).toBeGreaterThan(30);

    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, operation } of operations) {
      for (const probe of probesOf(path, method.toUpperCase(), operation)) {
        for (const auth of [bearer(token), {}]) {
          const response = await t.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            ...(probe.query ? { query: probe.query } : {}),
            headers: { ...auth, ...probe.headers },
            ...(probe.payload === undefined
              ? {}
              : {
                  payload:
                    typeof probe.payload === 'string' && probe.headers?.['content-type']
                      ? probe.payload
                      : JSON.stringify(probe.payload),
                  headers: { ...auth, 'content-type': 'application/json', ...probe.headers },
                }),
          });
          sent++;
          const where = `${probe.method} ${path} (${probe.label}, ${'authorization' in auth ? 'admin' : 'guest'})`;
          if (response.statusCode >= 500) {
            failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          } else if (response.statusCode >= 400) {
            const body = response.json() as { code?: unknown; message?: unknown };
            if (
              typeof body.code !== 'string' ||
              typeof body.message !== 'string' ||
              !body.message
            ) {
              failures.push(
                `${where} → ${response.statusCode} without code/message: ${response.body.slice(0, 200)}`,
              );
            }
          }
        }
      }
      if (SESSION_ENDING.includes(path)) {
        token = (await registerUser(t.app)).token;
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
