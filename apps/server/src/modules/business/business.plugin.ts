import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BusinessService } from './business.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Business accounts (issue 44): other modules ask it for a user's approved business. */
    business: BusinessService;
  }
}

async function business(app: FastifyInstance): Promise<void> {
  app.decorate('business', new BusinessService({ db: app.db }));
}

export const businessPlugin = fp(business, { name: 'business', dependencies: ['db'] });
