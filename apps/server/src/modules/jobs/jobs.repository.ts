import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { jobs, type JobRow } from './jobs.schema.ts';

/** All SQL of the job queue. */
export const jobsRepository = {
  async insert(db: DbExecutor, kind: string, payload: unknown, runAt?: Date): Promise<number> {
    const [row] = await db
      .insert(jobs)
      .values({ kind, payload, ...(runAt ? { runAt } : {}) })
      .returning({ id: jobs.id });
    if (!row) throw new Error('insert into jobs returned no row');
    return row.id;
  },

  /**
   * Takes one due job (the given one, or the oldest due) in one short statement: its attempt is
   * counted and it is leased until `leaseUntil`, so no other pass takes it meanwhile and a
   * process that crashes mid-run leaves it due again when the lease ends. SKIP LOCKED lets every
   * process work the queue at once without two taking the same job. The handler then runs with
   * no transaction open (a slow mail server must not hold a database connection).
   */
  async claim(
    db: DbExecutor,
    leaseUntil: Date,
    id?: number,
    now?: Date,
  ): Promise<JobRow | undefined> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          lte(jobs.runAt, now ?? sql`now()`),
          id === undefined ? undefined : eq(jobs.id, id),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({ runAt: leaseUntil, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
    return row;
  },

  async remove(db: DbExecutor, id: number): Promise<void> {
    await db.delete(jobs).where(eq(jobs.id, id));
  },

  async fail(
    db: DbExecutor,
    id: number,
    changes: { attempts: number; runAt: Date; lastError: string; dead: boolean },
  ): Promise<void> {
    await db
      .update(jobs)
      .set({
        attempts: changes.attempts,
        runAt: changes.runAt,
        lastError: changes.lastError,
        status: changes.dead ? 'dead' : 'pending',
      })
      .where(eq(jobs.id, id));
  },

  /** The queue's depth: jobs waiting, those of them due now, and those given up. */
  async counts(db: DbExecutor): Promise<{ pending: number; due: number; dead: number }> {
    const [row] = await db
      .select({
        pending: sql<number>`count(*) filter (where ${jobs.status} = 'pending')::int`,
        due: sql<number>`count(*) filter (where ${jobs.status} = 'pending' and ${jobs.runAt} <= now())::int`,
        dead: sql<number>`count(*) filter (where ${jobs.status} = 'dead')::int`,
      })
      .from(jobs);
    return row ?? { pending: 0, due: 0, dead: 0 };
  },

  async find(db: DbExecutor, id: number): Promise<JobRow | undefined> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  },
};
