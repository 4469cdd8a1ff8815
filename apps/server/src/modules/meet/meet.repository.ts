import { and, count, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared-sql.ts';
import { isForeignKeyViolation, uniqueViolation } from '../../db/pg-errors.ts';
import { liveSessionSubquery, type SessionCaller } from '../users/sessions.service.ts';
import {
  MESSAGE_CLIENT_KEY,
  meetBans,
  meetConversationMembers,
  meetConversations,
  meetLastMoods,
  meetMessages,
  type MeetConversationRow,
  type MeetMessageRow,
} from './meet.schema.ts';
import { meetSafetyRepository } from './meet-safety.repository.ts';

/** The pair's columns in their stored order (`userA` < `userB`). */
export function pairOf(x: number, y: number): { userA: number; userB: number } {
  return x < y ? { userA: x, userB: y } : { userA: y, userB: x };
}

export interface SendFacts {
  /**
   * The sender's session as the statement found it: alive, revoked or gone, or alive but due
   * its first fingerprint (nothing is written then either).
   */
  session: 'live' | 'gone' | 'unfingerprinted';
  sessionSeenAt: Date | null;
  banned: boolean;
  resentId: number | null;
  sentLastMinute: number;
  conversationId: number | null;
  startedLastHour: number;
}

export interface ConversationSummaryRow {
  conversation: MeetConversationRow;
  otherId: number;
  lastMessage: MeetMessageRow | null;
  unread: number;
  otherReadId: number | null;
}

interface SendMessageValues {
  sessionId: string;
  fingerprint: string | null;
  senderId: number;
  otherId: number;
  userA: number;
  userB: number;
  clientId: string;
  text: string;
  /** The scam flags joined by commas. */
  flags: string;
  minuteAgo: string;
  hourAgo: string;
  perMinute: number;
  mayStart: boolean;
  perHour: number;
}

/** See `meetRepository.sendMessage`: built once, run by name (chat's hottest statement). */
const sendMessageStatement = preparedSql<
  SendMessageValues,
  {
    session_live: boolean;
    session_unfingerprinted: boolean;
    session_seen_at: Date | string | null;
    banned: boolean;
    resent_id: string | null;
    sent_last_minute: number;
    conversation_id: number | null;
    started_last_hour: number;
    message_id: string | null;
    message_created_at: Date | string | null;
    stored_conversation_id: number | null;
  }
>(
  'meet_send_message',
  (v) => sql`with session as (${liveSessionSubquery({
    sessionId: v.sessionId,
    userId: v.senderId,
    fingerprint: v.fingerprint,
  })}
      ), facts as (
        select
          exists(select 1 from session) as session_live,
          coalesce((select unfingerprinted from session), false) as session_unfingerprinted,
          (select seen_at from session) as session_seen_at,
          exists(select 1 from ${meetBans} where ${meetBans.userId} = ${v.senderId}) as banned,
          (select ${meetMessages.id} from ${meetMessages}
            where ${meetMessages.senderId} = ${v.senderId}
              and ${meetMessages.clientId} = ${v.clientId}) as resent_id,
          (select count(*)::int from ${meetMessages}
            where ${meetMessages.senderId} = ${v.senderId}
              and ${meetMessages.createdAt} >= ${v.minuteAgo}) as sent_last_minute,
          (select ${meetConversations.id} from ${meetConversations}
            where ${meetConversations.userA} = ${v.userA}
              and ${meetConversations.userB} = ${v.userB}) as conversation_id,
          (select count(*)::int from ${meetConversations}
            where ${meetConversations.startedBy} = ${v.senderId}
              and ${meetConversations.createdAt} >= ${v.hourAgo}) as started_last_hour
      ), stored as (
        insert into ${meetMessages} (conversation_id, sender_id, client_id, text, flags)
        select facts.conversation_id, ${v.senderId}, ${v.clientId}, ${v.text},
          string_to_array(${v.flags}, ',')
        from facts
        where facts.session_live and not facts.session_unfingerprinted
          and not facts.banned and facts.resent_id is null
          and facts.sent_last_minute < ${v.perMinute} and facts.conversation_id is not null
        on conflict do nothing
        returning *
      ), latest as (
        update ${meetConversations} set last_message_id = stored.id from stored
        where ${meetConversations.id} = stored.conversation_id
      ), cursor as (
        update ${meetConversationMembers}
        set read_id = greatest(coalesce(${meetConversationMembers.readId}, 0), stored.id)
        from stored
        where ${meetConversationMembers.conversationId} = stored.conversation_id
          and ${meetConversationMembers.userId} = stored.sender_id
      ), next as (
        select nextval(pg_get_serial_sequence('meet_messages', 'id')) as message_id
        from facts
        where ${v.mayStart}::boolean and facts.session_live and not facts.session_unfingerprinted
          and facts.conversation_id is null and not facts.banned
          and facts.resent_id is null and facts.sent_last_minute < ${v.perMinute}
          and facts.started_last_hour < ${v.perHour}
      ), made as (
        insert into ${meetConversations} (user_a, user_b, started_by, last_message_id)
        select ${v.userA}, ${v.userB}, ${v.senderId}, next.message_id from next
        on conflict do nothing
        returning id, last_message_id
      ), members as (
        insert into ${meetConversationMembers} (conversation_id, user_id, read_id)
        select id, ${v.senderId}::int, last_message_id from made
        union all select id, ${v.otherId}::int, null from made
      ), first as (
        insert into ${meetMessages} (id, conversation_id, sender_id, client_id, text, flags)
        overriding system value
        select last_message_id, id, ${v.senderId}, ${v.clientId}, ${v.text},
          string_to_array(${v.flags}, ',')
        from made
        returning id, conversation_id, created_at
      )
      select facts.*,
        coalesce(stored.id, first.id) as message_id,
        coalesce(stored.created_at, first.created_at) as message_created_at,
        coalesce(stored.conversation_id, first.conversation_id) as stored_conversation_id
      from facts left join stored on true left join first on true`,
);

/** All SQL of the meet module: conversations, messages, read cursors, blocks, reports, bans. */
export const meetRepository = {
  /** One upsert per raised hand: the user's last mood and when. */
  async saveLastMood(db: DbExecutor, userId: number, mood: string): Promise<void> {
    await db
      .insert(meetLastMoods)
      .values({ userId, mood })
      .onConflictDoUpdate({
        target: meetLastMoods.userId,
        set: { mood, raisedAt: sql`now()` },
      });
  },

  /** The mood of the user's last hand if it was raised within `days` days. */
  async lastMood(db: DbExecutor, userId: number, days: number): Promise<string | undefined> {
    const [row] = await db
      .select({ mood: meetLastMoods.mood })
      .from(meetLastMoods)
      .where(
        and(
          eq(meetLastMoods.userId, userId),
          sql`${meetLastMoods.raisedAt} > now() - make_interval(days => ${days}::int)`,
        ),
      );
    return row?.mood;
  },

  async findConversation(
    db: DbExecutor,
    x: number,
    y: number,
  ): Promise<MeetConversationRow | undefined> {
    const { userA, userB } = pairOf(x, y);
    const [row] = await db
      .select()
      .from(meetConversations)
      .where(and(eq(meetConversations.userA, userA), eq(meetConversations.userB, userB)))
      .limit(1);
    return row;
  },

  async findConversationById(db: DbExecutor, id: number): Promise<MeetConversationRow | undefined> {
    const [row] = await db.select().from(meetConversations).where(eq(meetConversations.id, id));
    return row;
  },

  async countFlaggedSince(db: DbExecutor, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(meetMessages)
      .where(
        and(
          eq(meetMessages.senderId, userId),
          gte(meetMessages.createdAt, since),
          sql`cardinality(${meetMessages.flags}) > 0`,
        ),
      );
    return row?.n ?? 0;
  },

  async findByClientId(
    db: DbExecutor,
    senderId: number,
    clientId: string,
  ): Promise<MeetMessageRow | undefined> {
    const [row] = await db
      .select()
      .from(meetMessages)
      .where(and(eq(meetMessages.senderId, senderId), eq(meetMessages.clientId, clientId)));
    return row;
  },

  async findMessage(db: DbExecutor, id: number): Promise<MeetMessageRow | undefined> {
    const [row] = await db.select().from(meetMessages).where(eq(meetMessages.id, id));
    return row;
  },

  /**
   * Sends a message in one round trip (a send under load waited behind ten sequential
   * queries): reads what the checks need — whether the sender is banned, a message already
   * stored under the client id, what they sent in the last minute, the pair's conversation, how
   * many conversations they started in the last hour — and, when the checks pass, stores the
   * message. Into the pair's conversation, making it the last and moving the sender's read
   * cursor past it; or, when there is none and `mayStart`, into a new one with both members
   * (the sender's cursor at the message), its id drawn first so the conversation can name it as
   * its last. One statement, so atomic without a transaction; `stored` is undefined when
   * anything stopped it, and the facts say what. `gone` when the partner no longer exists,
   * `resent` when a start met the same client id stored meanwhile (nothing is written then).
   */
  async sendMessage(
    db: Database,
    input: {
      /** The sender's session, checked by the statement itself: nothing is written unless live. */
      session: SessionCaller;
      otherId: number;
      clientId: string;
      text: string;
      flags: string[];
      minuteAgo: Date;
      hourAgo: Date;
      perMinute: number;
      /**
       * Whether the sender may start the conversation if there is none (they saw the other
       * lately); it is then started with this message, within `perHour` new ones an hour.
       */
      mayStart: boolean;
      perHour: number;
    },
  ): Promise<{ facts: SendFacts; stored: MeetMessageRow | undefined } | 'gone' | 'resent'> {
    const senderId = input.session.userId;
    const { otherId } = input;
    const { userA, userB } = pairOf(senderId, otherId);
    const sent = sendMessageStatement(db, {
      sessionId: input.session.sessionId,
      fingerprint: input.session.fingerprint,
      senderId,
      otherId,
      userA,
      userB,
      clientId: input.clientId,
      text: input.text,
      flags: input.flags.join(','),
      minuteAgo: input.minuteAgo.toISOString(),
      hourAgo: input.hourAgo.toISOString(),
      perMinute: input.perMinute,
      mayStart: input.mayStart,
      perHour: input.perHour,
    });
    let result: Awaited<typeof sent>;
    try {
      result = await sent;
    } catch (error) {
      // Only a start writes members (a user deleted since being seen fails their foreign key)
      // and can meet a resend of the same message stored meanwhile.
      if (isForeignKeyViolation(error)) return 'gone';
      if (uniqueViolation(error) === MESSAGE_CLIENT_KEY) return 'resent';
      throw error;
    }
    const row = result.rows[0];
    if (!row) throw new Error('send: no row');
    const facts: SendFacts = {
      session: !row.session_live
        ? 'gone'
        : row.session_unfingerprinted
          ? 'unfingerprinted'
          : 'live',
      sessionSeenAt: row.session_seen_at === null ? null : new Date(row.session_seen_at),
      banned: row.banned,
      resentId: row.resent_id === null ? null : Number(row.resent_id),
      sentLastMinute: row.sent_last_minute,
      conversationId: row.conversation_id,
      startedLastHour: row.started_last_hour,
    };
    const stored =
      row.message_id === null ||
      row.stored_conversation_id === null ||
      row.message_created_at === null
        ? undefined
        : {
            id: Number(row.message_id),
            conversationId: row.stored_conversation_id,
            senderId,
            clientId: input.clientId,
            text: input.text,
            flags: input.flags,
            createdAt: new Date(row.message_created_at),
          };
    return { facts, stored };
  },

  /** Moves the member's read cursor forward only; returns the cursor afterwards. */
  async advanceRead(
    db: DbExecutor,
    conversationId: number,
    userId: number,
    messageId: number,
  ): Promise<number | null> {
    const [row] = await db
      .update(meetConversationMembers)
      .set({ readId: sql`greatest(coalesce(${meetConversationMembers.readId}, 0), ${messageId})` })
      .where(
        and(
          eq(meetConversationMembers.conversationId, conversationId),
          eq(meetConversationMembers.userId, userId),
        ),
      )
      .returning({ readId: meetConversationMembers.readId });
    return row?.readId ?? null;
  },

  async readCursor(db: DbExecutor, conversationId: number, userId: number): Promise<number | null> {
    const [row] = await db
      .select({ readId: meetConversationMembers.readId })
      .from(meetConversationMembers)
      .where(
        and(
          eq(meetConversationMembers.conversationId, conversationId),
          eq(meetConversationMembers.userId, userId),
        ),
      );
    return row?.readId ?? null;
  },

  /** Newest first, `limit` of them before the cursor. */
  async messages(
    db: DbExecutor,
    conversationId: number,
    before: number | undefined,
    limit: number,
  ): Promise<MeetMessageRow[]> {
    return db
      .select()
      .from(meetMessages)
      .where(
        and(
          eq(meetMessages.conversationId, conversationId),
          before === undefined ? undefined : lt(meetMessages.id, before),
        ),
      )
      .orderBy(desc(meetMessages.id))
      .limit(limit);
  },

  /** Up to `limit` messages of a conversation up to `untilId`, oldest first. */
  async messagesUntil(
    db: DbExecutor,
    conversationId: number,
    untilId: number | undefined,
    limit: number,
  ): Promise<MeetMessageRow[]> {
    const rows = await db
      .select()
      .from(meetMessages)
      .where(
        and(
          eq(meetMessages.conversationId, conversationId),
          untilId === undefined ? undefined : lte(meetMessages.id, untilId),
        ),
      )
      .orderBy(desc(meetMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  async flaggedMessagesOf(
    db: DbExecutor,
    userId: number,
    limit: number,
  ): Promise<MeetMessageRow[]> {
    const rows = await db
      .select()
      .from(meetMessages)
      .where(and(eq(meetMessages.senderId, userId), sql`cardinality(${meetMessages.flags}) > 0`))
      .orderBy(desc(meetMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  /** The user's conversations, newest activity first, with last message and unread count. */
  async conversations(db: DbExecutor, userId: number): Promise<ConversationSummaryRow[]> {
    const rows = await db
      .select({
        conversation: meetConversations,
        lastMessage: meetMessages,
        mine: sql<number | null>`(select read_id from meet_conversation_members m
          where m.conversation_id = ${meetConversations.id} and m.user_id = ${userId})`,
        theirs: sql<number | null>`(select read_id from meet_conversation_members m
          where m.conversation_id = ${meetConversations.id} and m.user_id <> ${userId})`,
        unread: sql<number>`(select count(*)::int from meet_messages x
          where x.conversation_id = ${meetConversations.id} and x.sender_id <> ${userId}
          and x.id > coalesce((select read_id from meet_conversation_members m
            where m.conversation_id = ${meetConversations.id} and m.user_id = ${userId}), 0))`,
      })
      .from(meetConversations)
      .leftJoin(meetMessages, eq(meetMessages.id, meetConversations.lastMessageId))
      .where(or(eq(meetConversations.userA, userId), eq(meetConversations.userB, userId)))
      .orderBy(desc(sql`coalesce(${meetConversations.lastMessageId}, 0)`));
    return rows.map((row) => ({
      conversation: row.conversation,
      otherId: row.conversation.userA === userId ? row.conversation.userB : row.conversation.userA,
      lastMessage: row.lastMessage,
      unread: Number(row.unread),
      otherReadId: row.theirs === null ? null : Number(row.theirs),
    }));
  },

  ...meetSafetyRepository,
};
