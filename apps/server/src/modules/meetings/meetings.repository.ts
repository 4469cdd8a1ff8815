import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  meetingHandshakes,
  meetingStandings,
  meetings,
  type MeetingHandshakeRow,
  type MeetingRow,
  type MeetingStandingRow,
  type NewMeetingRow,
} from './meetings.schema.ts';

export type MeetingChanges = Partial<
  Pick<
    NewMeetingRow,
    | 'status'
    | 'outcome'
    | 'reasons'
    | 'level'
    | 'minutesCounted'
    | 'endedAt'
    | 'mintFromBlock'
    | 'mintHash'
    | 'tokenId'
    | 'mintError'
    | 'deviceA'
    | 'deviceB'
  >
>;

const involves = (userId: number) => or(eq(meetings.userA, userId), eq(meetings.userB, userId));

/** All SQL of meetings, handshake codes and denial standings. */
export const meetingsRepository = {
  /** The monitor's figures: meetings running now, and since `since` those completed and minted. */
  async figures(
    db: DbExecutor,
    since: Date,
  ): Promise<{ inProgress: number; completed: number; minted: number }> {
    const [row] = await db
      .select({
        inProgress: sql<number>`count(*) filter (where ${meetings.status} = 'active')`.mapWith(
          Number,
        ),
        completed:
          sql<number>`count(*) filter (where ${meetings.status} = 'completed' and ${meetings.endedAt} >= ${since})`.mapWith(
            Number,
          ),
        minted:
          sql<number>`count(*) filter (where ${meetings.outcome} = 'minted' and ${meetings.updatedAt} >= ${since})`.mapWith(
            Number,
          ),
      })
      .from(meetings)
      .where(or(eq(meetings.status, 'active'), gt(meetings.updatedAt, since)));
    return {
      inProgress: row?.inProgress ?? 0,
      completed: row?.completed ?? 0,
      minted: row?.minted ?? 0,
    };
  },

  async insert(db: DbExecutor, values: NewMeetingRow): Promise<MeetingRow> {
    const [row] = await db.insert(meetings).values(values).returning();
    if (!row) throw new Error('meeting insert returned nothing');
    return row;
  },

  async find(db: DbExecutor, id: number): Promise<MeetingRow | undefined> {
    const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
    return row;
  },

  /** Row lock until the transaction ends: one decision per meeting. */
  async lock(db: DbExecutor, id: number): Promise<MeetingRow | undefined> {
    const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).for('update');
    return row;
  },

  async update(
    db: DbExecutor,
    id: number,
    changes: MeetingChanges,
  ): Promise<MeetingRow | undefined> {
    const [row] = await db
      .update(meetings)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(meetings.id, id))
      .returning();
    return row;
  },

  /** Serialises meeting starts of a user (one active meeting each) until the transaction ends. */
  async lockUsers(db: DbExecutor, userIds: readonly number[]): Promise<void> {
    for (const id of [...userIds].sort((a, b) => a - b)) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('meetings-user'), ${id})`);
    }
  },

  async activeOf(db: DbExecutor, userId: number): Promise<MeetingRow | undefined> {
    const [row] = await db
      .select()
      .from(meetings)
      .where(and(eq(meetings.status, 'active'), involves(userId)))
      .limit(1);
    return row;
  },

  async allActive(db: DbExecutor): Promise<MeetingRow[]> {
    return db.select().from(meetings).where(eq(meetings.status, 'active'));
  },

  async minting(db: DbExecutor): Promise<MeetingRow[]> {
    return db.select().from(meetings).where(eq(meetings.outcome, 'minting'));
  },

  async pairMinted(db: DbExecutor, userA: number, userB: number): Promise<boolean> {
    const [row] = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.userA, userA),
          eq(meetings.userB, userB),
          inArray(meetings.outcome, ['minting', 'minted']),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async listOf(
    db: DbExecutor,
    userId: number,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: MeetingRow[] }> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(meetings)
        .where(involves(userId))
        .orderBy(desc(meetings.startedAt), desc(meetings.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(meetings).where(involves(userId)),
    ]);
    return { total: total?.n ?? 0, rows };
  },

  /** Refused or not proven meetings, newest first (moderators). */
  async refusals(
    db: DbExecutor,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: MeetingRow[] }> {
    const where = inArray(meetings.outcome, ['refused', 'not_proven', 'mint_failed']);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(meetings)
        .where(where)
        .orderBy(desc(meetings.updatedAt), desc(meetings.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(meetings).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  },

  /** Completed meetings per user (referral statistics). */
  async completedCounts(db: DbExecutor, userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const result = await db.execute<{ user_id: number; n: number }>(sql`
      select u.user_id, count(*)::int as n from (
        select user_a as user_id from ${meetings} where status = 'completed' and user_a in ${userIds}
        union all
        select user_b as user_id from ${meetings} where status = 'completed' and user_b in ${userIds}
      ) u group by u.user_id`);
    return new Map(result.rows.map((row) => [Number(row.user_id), Number(row.n)]));
  },

  async mintedCount(db: DbExecutor, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(meetings)
      .where(and(eq(meetings.outcome, 'minted'), involves(userId)));
    return row?.n ?? 0;
  },

  // ---- handshake codes ----

  /** Drops the issuer's unused codes and every expired one, so live codes stay few. */
  async clearCodes(db: DbExecutor, issuerId: number): Promise<void> {
    await db
      .delete(meetingHandshakes)
      .where(
        and(
          isNull(meetingHandshakes.usedAt),
          or(eq(meetingHandshakes.issuerId, issuerId), sql`${meetingHandshakes.expiresAt} < now()`),
        ),
      );
  },

  /** Inserts a code; undefined when the code is live already (the caller draws another). */
  async insertCode(
    db: DbExecutor,
    values: typeof meetingHandshakes.$inferInsert,
  ): Promise<MeetingHandshakeRow | undefined> {
    const [row] = await db
      .insert(meetingHandshakes)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  },

  /** Takes a live code (marks it used); undefined when unknown, used or expired. */
  async takeCode(db: DbExecutor, code: string): Promise<MeetingHandshakeRow | undefined> {
    const [row] = await db
      .update(meetingHandshakes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(meetingHandshakes.code, code),
          isNull(meetingHandshakes.usedAt),
          gt(meetingHandshakes.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row;
  },

  // ---- denial standings ----

  async standing(db: DbExecutor, userId: number): Promise<MeetingStandingRow | undefined> {
    const [row] = await db
      .select()
      .from(meetingStandings)
      .where(eq(meetingStandings.userId, userId))
      .for('update');
    return row;
  },

  async findStanding(db: DbExecutor, userId: number): Promise<MeetingStandingRow | undefined> {
    const [row] = await db
      .select()
      .from(meetingStandings)
      .where(eq(meetingStandings.userId, userId));
    return row;
  },

  async saveStanding(
    db: DbExecutor,
    row: { userId: number; meetingsLeft: number; annulledAt: Date | null },
  ): Promise<void> {
    await db
      .insert(meetingStandings)
      .values(row)
      .onConflictDoUpdate({
        target: meetingStandings.userId,
        set: { meetingsLeft: row.meetingsLeft, annulledAt: row.annulledAt },
      });
  },

  async clearStanding(db: DbExecutor, userId: number): Promise<void> {
    await db.delete(meetingStandings).where(eq(meetingStandings.userId, userId));
  },
};
