import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { meetBans, meetBlocks, meetReports, type MeetReportRow } from './meet.schema.ts';

/** Blocks, reports and bans (the map's safety); part of meetRepository. */
export const meetSafetyRepository = {
  /** Ids the user blocked or was blocked by. */
  async blockedEitherWay(db: DbExecutor, userId: number): Promise<number[]> {
    const rows = await db
      .select({ blockerId: meetBlocks.blockerId, blockedId: meetBlocks.blockedId })
      .from(meetBlocks)
      .where(or(eq(meetBlocks.blockerId, userId), eq(meetBlocks.blockedId, userId)));
    return rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId));
  },

  async blockedBy(db: DbExecutor, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: meetBlocks.blockedId })
      .from(meetBlocks)
      .where(eq(meetBlocks.blockerId, userId))
      .orderBy(asc(meetBlocks.createdAt));
    return rows.map((row) => row.id);
  },

  async block(db: DbExecutor, blockerId: number, blockedId: number): Promise<void> {
    await db.insert(meetBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  },

  async unblock(db: DbExecutor, blockerId: number, blockedId: number): Promise<void> {
    await db
      .delete(meetBlocks)
      .where(and(eq(meetBlocks.blockerId, blockerId), eq(meetBlocks.blockedId, blockedId)));
  },

  async insertReport(
    db: DbExecutor,
    values: {
      reporterId: number | null;
      reportedUserId: number;
      messageId: number | null;
      reason: string;
      text: string | null;
    },
  ): Promise<MeetReportRow> {
    const [row] = await db.insert(meetReports).values(values).returning();
    if (!row) throw new Error('report not stored');
    return row;
  },

  /** An open report the system filed for the user since `since` (one per day is enough). */
  async hasOpenSystemReport(db: DbExecutor, userId: number, since: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: meetReports.id })
      .from(meetReports)
      .where(
        and(
          eq(meetReports.reportedUserId, userId),
          isNull(meetReports.reporterId),
          gt(meetReports.createdAt, since),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async reports(
    db: DbExecutor,
    status: string,
    offset: number,
    limit: number,
  ): Promise<{ total: number; list: MeetReportRow[] }> {
    const [total] = await db
      .select({ n: count() })
      .from(meetReports)
      .where(eq(meetReports.status, status));
    const list = await db
      .select()
      .from(meetReports)
      .where(eq(meetReports.status, status))
      .orderBy(asc(meetReports.createdAt), asc(meetReports.id))
      .offset(offset)
      .limit(limit);
    return { total: total?.n ?? 0, list };
  },

  async lockReport(db: DbExecutor, id: number): Promise<MeetReportRow | undefined> {
    const [row] = await db.select().from(meetReports).where(eq(meetReports.id, id)).for('update');
    return row;
  },

  /** Decides the report and, for a ban, every other open report of the same user. */
  async decideReports(
    db: DbExecutor,
    ids: number[],
    status: string,
    moderatorId: number,
    comment: string | null,
  ): Promise<void> {
    await db
      .update(meetReports)
      .set({ status, decidedBy: moderatorId, decidedAt: sql`now()`, moderatorComment: comment })
      .where(inArray(meetReports.id, ids));
  },

  async openReportIdsOf(db: DbExecutor, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: meetReports.id })
      .from(meetReports)
      .where(and(eq(meetReports.reportedUserId, userId), eq(meetReports.status, 'open')));
    return rows.map((row) => row.id);
  },

  /** Whether a ban was written (false: the user was banned already). */
  async ban(
    db: DbExecutor,
    userId: number,
    reportId: number | null,
    bannedBy: number,
  ): Promise<boolean> {
    const rows = await db
      .insert(meetBans)
      .values({ userId, reportId, bannedBy })
      .onConflictDoNothing()
      .returning({ userId: meetBans.userId });
    return rows.length > 0;
  },

  /** Whether a ban was lifted (false: there was none). */
  async unban(db: DbExecutor, userId: number): Promise<boolean> {
    const rows = await db
      .delete(meetBans)
      .where(eq(meetBans.userId, userId))
      .returning({ userId: meetBans.userId });
    return rows.length > 0;
  },

  async bannedAmong(db: DbExecutor, userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ userId: meetBans.userId })
      .from(meetBans)
      .where(inArray(meetBans.userId, [...userIds]));
    return new Set(rows.map((row) => row.userId));
  },

  async isBanned(db: DbExecutor, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ userId: meetBans.userId })
      .from(meetBans)
      .where(eq(meetBans.userId, userId));
    return row !== undefined;
  },
};
