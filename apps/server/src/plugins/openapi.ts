import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import packageJson from '../../package.json' with { type: 'json' };

export const DOCS_PREFIX = '/api/docs';

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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // Swagger UI needs its own CSP (inline bootstrap script hashes); keep it working over plain HTTP.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}

export const openapiPlugin = fp(openapi, { name: 'openapi' });
