import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SecurityService } from './security.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account security audit (issue 45), built once. */
    security: SecurityService;
  }
}

async function security(app: FastifyInstance): Promise<void> {
  app.decorate('security', new SecurityService(app.db));
}

export const securityEventsPlugin = fp(security, { name: 'security-events', dependencies: ['db'] });
