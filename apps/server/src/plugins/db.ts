import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase, type Database, type DbExecutor } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over the app's pool; services receive it (or a transaction) from their routes. */
    db: Database;
  }
}

declare const unitOfWork: unique symbol;

/**
 * Where a piece of work runs, as it crosses a module: the caller's open transaction (so the
 * other module's rows commit or roll back with the caller's), or the database for a read on
 * its own. Opaque: the module holding one cannot query through it, only hand it on; the
 * module that owns the SQL turns it back into an executor for its repository.
 */
export interface Tx {
  readonly [unitOfWork]: true;
}

/** The caller's transaction (or database) as a `Tx` to hand to another module. */
export function txOf(executor: DbExecutor): Tx {
  return executor as unknown as Tx;
}

/** For the module that owns the SQL: the executor a `Tx` stands for. */
export function executorOf(tx: Tx): DbExecutor {
  return tx as unknown as DbExecutor;
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
