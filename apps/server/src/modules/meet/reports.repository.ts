import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { meetReports, type MeetReportRow } from './meet.schema.ts';

/** The reports one user made and received, newest first (the staff user page). */
export const reportsRepository = {
  async ofUser(
    db: DbExecutor,
    userId: number,
    limit: number,
  ): Promise<{ made: MeetReportRow[]; received: MeetReportRow[] }> {
    const newest = [desc(meetReports.createdAt), desc(meetReports.id)] as const;
    const [made, received] = await Promise.all([
      db
        .select()
        .from(meetReports)
        .where(eq(meetReports.reporterId, userId))
        .orderBy(...newest)
        .limit(limit),
      db
        .select()
        .from(meetReports)
        .where(eq(meetReports.reportedUserId, userId))
        .orderBy(...newest)
        .limit(limit),
    ]);
    return { made, received };
  },
};
