import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { operationIdOf } from './openapi.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };

function errorSchemaOf(operation: Operation, status: string): unknown {
  const answer = operation.responses[status] as
    { content?: Record<string, { schema?: unknown }> } | undefined;
  return answer?.content?.['application/json']?.schema;
}

describe('operationIdOf', () => {
  it('names an operation by its method and path, parameters as "by"', () => {
    expect(operationIdOf('POST', '/api/crypto/nft/buy')).toBe('postCryptoNftBuy');
    expect(operationIdOf('GET', '/api/user/profile/:id')).toBe('getUserProfileById');
    expect(operationIdOf('GET', '/api/user/domain-available/:domain')).toBe(
      'getUserDomainAvailableByDomain',
    );
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  let paths: Paths;
  let document: { components: { schemas: Record<string, unknown> }; paths: Paths };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    paths = document.paths;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );

  it('gives every operation one unique operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('registers the one error body as a component', () => {
    expect(document.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['code', 'message']),
    });
  });

  it('takes security and 401 from the auth hook of the route', () => {
    const wallet = paths['/api/crypto/wallet']!.get!;
    expect(wallet.security).toEqual([{ bearerAuth: [] }]);
    expect(errorSchemaOf(wallet, '401')).toEqual(ERROR_REF);
    expect(wallet.responses['403']).toBeUndefined();

    const info = paths['/api/crypto']!.get!;
    expect(info.security).toBeUndefined();
    expect(info.responses['401']).toBeUndefined();
  });

  it('declares 403 for role-guarded routes and 400/404 for routes with input', () => {
    const moderate = paths['/api/kyc/moderate/{id}']!.patch!;
    expect(errorSchemaOf(moderate, '401')).toEqual(ERROR_REF);
    expect(errorSchemaOf(moderate, '403')).toEqual(ERROR_REF);
    expect(errorSchemaOf(moderate, '400')).toEqual(ERROR_REF);
    expect(errorSchemaOf(moderate, '404')).toEqual(ERROR_REF);
  });

  it('declares 429 where the route is rate limited', () => {
    const login = paths['/api/user/login']!.post!;
    expect(errorSchemaOf(login, '429')).toEqual(ERROR_REF);
  });

  it('marks every operation guarded by a hook as secured, and no other', () => {
    for (const { path, method, operation } of operations()) {
      const secured = Boolean(operation.security);
      const answers401 = Boolean(operation.responses['401']);
      expect({ path, method, secured }).toEqual({ path, method, secured: answers401 });
    }
  });
});
