import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import type { AppConfig } from '../config.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { authHookKind, type AuthHookKind } from './auth.ts';

export const DOCS_PREFIX = '/api/docs';

/** Registered once as `components.schemas.ErrorBody`; every error answer refers to it. */
const errorBody = errorBodySchema.meta({ id: 'ErrorBody' });

const BEARER = [{ bearerAuth: [] }];

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };

/** `POST /api/crypto/nft/buy` → `postCryptoNftBuy`; `/user/profile/:id` → `getUserProfileById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${pascal || 'Root'}`;
}

function routeAuth(route: RouteOptions): AuthHookKind | undefined {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean);
  const kinds = hooks.map(authHookKind);
  return kinds.includes('role') ? 'role' : kinds.includes('auth') ? 'auth' : undefined;
}

/**
 * Fills in what every operation must say and no route should have to repeat: a stable
 * `operationId`, its security and 401/403 answers taken from the route's own auth hook, and
 * the one error body for validation (400), rate limits (429) and missing resources (404).
 */
function describeOperation(input: TransformInput): TransformInput {
  const { route, url } = input;
  const schema = input.schema as RouteSchema | undefined;
  if (!schema || schema.hide) return input;
  const method = [route.method].flat()[0] ?? 'GET';
  const auth = routeAuth(route);
  const response: Record<string, unknown> = { ...schema.response };
  const addError = (status: number) => {
    response[status] ??= errorBody;
  };
  if (schema.body || schema.querystring || schema.params || schema.headers) addError(400);
  if (auth) addError(401);
  if (auth === 'role') addError(403);
  if (schema.params) addError(404);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) addError(429);
  const described: RouteSchema = {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, url),
    response,
  };
  if (auth) described.security = BEARER;
  else delete described.security;
  return { ...input, schema: described } as TransformInput;
}

/**
 * The OpenAPI document is generated from the very zod schemas the routes validate with, so it
 * cannot drift from what the server accepts. Must be registered before any route.
 */
async function openapi(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'MEEET API', version: packageJson.version },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => jsonSchemaTransform(describeOperation(input)),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // Swagger UI needs its own CSP (inline bootstrap script hashes); keep it working over plain HTTP.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}

export const openapiPlugin = fp(openapi, { name: 'openapi' });
