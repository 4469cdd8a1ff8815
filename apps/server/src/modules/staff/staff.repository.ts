import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { staffAudit, type NewStaffAuditRow, type StaffAuditRow } from './staff.schema.ts';

/** All SQL of the staff module: its audit trail. */
export const staffRepository = {
  async record(db: DbExecutor, values: NewStaffAuditRow): Promise<StaffAuditRow> {
    const [row] = await db.insert(staffAudit).values(values).returning();
    if (!row) throw new Error('staff audit insert returned no row');
    return row;
  },

  /** The user's audit trail, newest first. */
  async trailOf(db: DbExecutor, userId: number, limit: number): Promise<StaffAuditRow[]> {
    return db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.userId, userId))
      .orderBy(desc(staffAudit.createdAt), desc(staffAudit.id))
      .limit(limit);
  },
};
