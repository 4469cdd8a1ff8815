import {
  and,
  desc,
  eq,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { sessions, users, type SessionRow, type UserRow } from './users.schema.ts';

export interface NewSession {
  userId: number;
  fingerprint: string | null;
  userAgent: string | null;
  ip: string | null;
}

export interface ActiveSession {
  session: Pick<SessionRow, 'id' | 'fingerprint' | 'lastSeenAt'>;
  user: UserRow;
}

function activeWithUserQuery(db: DbExecutor) {
  return db
    .select({
      session: {
        id: sessions.id,
        fingerprint: sessions.fingerprint,
        lastSeenAt: sessions.lastSeenAt,
      },
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1)
    .prepare('session_with_user');
}

/**
 * Built once per executor: the hot path of every authenticated call skips query building, and
 * PostgreSQL plans the named statement once per connection.
 */
const preparedActiveWithUser = new WeakMap<DbExecutor, ReturnType<typeof activeWithUserQuery>>();

/** Who calls, as values or as a prepared statement's placeholders (see db/prepared-sql.ts). */
export interface LiveSessionCaller {
  sessionId: string | Placeholder;
  userId: number | Placeholder;
  fingerprint: string | null | Placeholder;
}

/**
 * The statement part that finds a caller's session alive (not revoked, its user there), for a
 * statement that checks it itself instead of reading it first: one row of `seen_at` and
 * `unfingerprinted` (the session has no fingerprint yet and the call brings one, which
 * `SessionsService.authenticateClaims` must see first), or no row.
 */
export function liveSessionSql(caller: LiveSessionCaller): SQL {
  return sql`select ${sessions.lastSeenAt} as seen_at,
      (${sessions.fingerprint} is null and ${caller.fingerprint}::text is not null) as unfingerprinted
    from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.id} = ${caller.sessionId} and ${sessions.userId} = ${caller.userId}
      and ${sessions.revokedAt} is null`;
}

/** All SQL on `sessions`. */
export const sessionsRepository = {
  async insert(db: DbExecutor, values: NewSession): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    if (!row) throw new Error('insert into sessions returned no row');
    return row;
  },

  /**
   * The session and its user in one round trip: every authenticated call runs this, so it is
   * the one query that decides whether a token still works (never cached, so a revocation
   * takes effect on the next call).
   */
  async findActiveWithUser(
    db: DbExecutor,
    sessionId: string,
    userId: number,
  ): Promise<ActiveSession | undefined> {
    let query = preparedActiveWithUser.get(db);
    if (!query) {
      query = activeWithUserQuery(db);
      preparedActiveWithUser.set(db, query);
    }
    const [row] = await query.execute({ sessionId, userId });
    return row;
  },

  async touch(db: DbExecutor, sessionIds: readonly string[]): Promise<void> {
    // One array parameter, not one per session: a flush carries a few thousand ids under load,
    // and building and binding `in ($1, …, $1250)` took 4–30 ms of the server's thread.
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(sql`${sessions.id} = any(${sql.param([...sessionIds])}::uuid[])`);
  },

  async setFingerprint(db: DbExecutor, sessionId: string, fingerprint: string): Promise<void> {
    await db
      .update(sessions)
      .set({ fingerprint })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.fingerprint)));
  },

  /** Whether the user's other sessions know any fingerprint, and whether this one among them. */
  async fingerprintHistory(
    db: DbExecutor,
    userId: number,
    fingerprint: string,
    exceptSessionId?: string,
  ): Promise<{ anyKnown: boolean; seen: boolean }> {
    const [row] = await db
      .select({
        anyKnown: sql<boolean>`count(*) > 0`,
        seen: sql<boolean>`coalesce(bool_or(${sessions.fingerprint} = ${fingerprint}), false)`,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNotNull(sessions.fingerprint),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
    return { anyKnown: row?.anyKnown ?? false, seen: row?.seen ?? false };
  },

  /**
   * Whether the user has ever signed in from this fingerprint or IP (any session, ended or
   * not): such a source is the owner's, and a guesser elsewhere must not lock it out.
   */
  async isKnownSource(
    db: DbExecutor,
    userId: number,
    source: { fingerprint: string | null; ip: string | null },
  ): Promise<boolean> {
    if (!source.fingerprint && !source.ip) return false;
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          or(
            source.fingerprint ? eq(sessions.fingerprint, source.fingerprint) : undefined,
            source.ip ? eq(sessions.ip, source.ip) : undefined,
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Revokes one session; returns whether it was active. */
  async revoke(db: DbExecutor, sessionId: string): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  /** The user's newest sessions, ended ones too (the staff user page). */
  async listForUser(db: DbExecutor, userId: number, limit: number): Promise<SessionRow[]> {
    return db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(limit);
  },

  /** The user's active sessions, the most recently used first (the sessions list). */
  async listActive(db: DbExecutor, userId: number): Promise<SessionRow[]> {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  /** Revokes one active session of the user (none of another user's); whether it was. */
  async revokeOwn(db: DbExecutor, userId: number, sessionId: string): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
      )
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  /**
   * Whether the user signed in before at all, and from this device: the same fingerprint, or
   * (a client that sends none) the same user agent. Ended sessions count too.
   */
  async deviceHistory(
    db: DbExecutor,
    userId: number,
    device: { fingerprint: string | null; userAgent: string | null },
  ): Promise<{ anySession: boolean; knownDevice: boolean }> {
    const same = device.fingerprint
      ? sql`${sessions.fingerprint} = ${device.fingerprint}`
      : device.userAgent
        ? sql`${sessions.userAgent} = ${device.userAgent}`
        : sql`false`;
    const [row] = await db
      .select({
        anySession: sql<boolean>`count(*) > 0`,
        knownDevice: sql<boolean>`coalesce(bool_or(${same}), false)`,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return { anySession: row?.anySession ?? false, knownDevice: row?.knownDevice ?? false };
  },

  /** Revokes every active session of the user but `exceptSessionId`; returns the revoked ids. */
  async revokeAllForUser(
    db: DbExecutor,
    userId: number,
    exceptSessionId?: string,
  ): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  },
};
