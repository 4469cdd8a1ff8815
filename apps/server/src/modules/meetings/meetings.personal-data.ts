import { asc, eq, or } from 'drizzle-orm';
import { executorOf, type Tx } from '../../plugins/db.ts';
import { meetings } from './meetings.schema.ts';

/** The user's meetings for a data export: the other person only by id. */
export async function meetingsForExport(tx: Tx, userId: number) {
  const rows = await executorOf(tx)
    .select()
    .from(meetings)
    .where(or(eq(meetings.userA, userId), eq(meetings.userB, userId)))
    .orderBy(asc(meetings.id));
  return rows.map((row) => ({
    id: row.id,
    withUserId: row.userA === userId ? row.userB : row.userA,
    status: row.status,
    outcome: row.outcome,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  }));
}
