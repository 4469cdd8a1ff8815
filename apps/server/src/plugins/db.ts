import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase, type Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over the app's pool; services receive it (or a transaction) from their routes. */
    db: Database;
  }
}

export interface DbPluginOptions {
  /** The app owns the pool from here on and ends it when the app closes. */
  pool: pg.Pool;
}

async function db(app: FastifyInstance, { pool }: DbPluginOptions): Promise<void> {
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it and the next query reports the outage.
  pool.on('error', (error) => app.log.warn({ err: error }, 'idle database connection lost'));

  const database = createDatabase(pool);
  app.decorate('db', database);
  app.healthChecks.set('database', async () => {
    await database.execute(sql`select 1`);
  });
  app.addHook('onClose', async () => {
    await pool.end();
  });
}

export const dbPlugin = fp(db, { name: 'db', dependencies: ['health-checks'] });
