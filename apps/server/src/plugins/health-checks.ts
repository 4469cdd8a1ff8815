import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Resolves when the dependency answers; rejects (or times out) when it does not. */
export type HealthProbe = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Dependencies `GET /api/health` reports, registered by the plugin that owns each one
     * (the database now, the chain later), so the health route never needs to know them.
     */
    healthChecks: Map<string, HealthProbe>;
  }
}

async function healthChecks(app: FastifyInstance): Promise<void> {
  app.decorate('healthChecks', new Map<string, HealthProbe>());
}

export const healthChecksPlugin = fp(healthChecks, { name: 'health-checks' });
