import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CodesService } from './codes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The codes sent by mail (registration, recovery, withdrawals), built once. */
    codes: CodesService;
  }
}

async function codes(app: FastifyInstance): Promise<void> {
  app.decorate('codes', new CodesService(app.db, app.tokens.deriveKey('codes'), app.mail));
}

export const codesPlugin = fp(codes, { name: 'codes', dependencies: ['auth', 'mail'] });
