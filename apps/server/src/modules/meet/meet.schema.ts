import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, identityKey, timestamptz } from '../../db/columns.ts';

/** One conversation per pair of users; `userA` is always the smaller id. */
export const meetConversations = pgTable(
  'meet_conversations',
  {
    id: serial().primaryKey(),
    userA: belongsTo(() => users.id),
    userB: belongsTo(() => users.id),
    /** Who sent the first message: the new-conversations limit counts these. */
    startedBy: belongsTo(() => users.id),
    lastMessageId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('meet_conversations_pair_key').on(t.userA, t.userB),
    index('meet_conversations_user_b_idx').on(t.userB),
    index('meet_conversations_started_idx').on(t.startedBy, t.createdAt),
    check('meet_conversations_order_check', sql`${t.userA} < ${t.userB}`),
  ],
);
export type MeetConversationRow = typeof meetConversations.$inferSelect;

/**
 * Read state as one cursor per member (as Matrix keeps receipts), not a row per message:
 * everything up to `readId` is read.
 */
export const meetConversationMembers = pgTable(
  'meet_conversation_members',
  {
    conversationId: belongsTo(() => meetConversations.id),
    userId: belongsTo(() => users.id),
    readId: bigint({ mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** A sender's client ids are unique: a resend is answered with the stored message. */
export const MESSAGE_CLIENT_KEY = 'meet_messages_client_key';

export const meetMessages = pgTable(
  'meet_messages',
  {
    id: identityKey(),
    conversationId: belongsTo(() => meetConversations.id),
    senderId: belongsTo(() => users.id),
    /** Chosen by the sending device; a resend with the same id returns the stored message. */
    clientId: text().notNull(),
    text: text().notNull(),
    /** Scam patterns found (core rules/scam-warning). */
    flags: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    unique(MESSAGE_CLIENT_KEY).on(t.senderId, t.clientId),
    index('meet_messages_conversation_idx').on(t.conversationId, t.id),
    index('meet_messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);
export type MeetMessageRow = typeof meetMessages.$inferSelect;

export const meetBlocks = pgTable(
  'meet_blocks',
  {
    blockerId: belongsTo(() => users.id),
    blockedId: belongsTo(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('meet_blocks_blocked_idx').on(t.blockedId),
  ],
);

export const meetReports = pgTable(
  'meet_reports',
  {
    id: serial().primaryKey(),
    /** Null: filed by the system (three scam-flagged messages in a day). */
    reporterId: integer().references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: belongsTo(() => users.id),
    messageId: bigint({ mode: 'number' }).references(() => meetMessages.id, {
      onDelete: 'set null',
    }),
    reason: text().notNull(),
    text: text(),
    status: text().notNull().default('open'),
    moderatorComment: text(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('meet_reports_status_idx').on(t.status, t.createdAt),
    index('meet_reports_reported_idx').on(t.reportedUserId, t.createdAt),
    check(
      'meet_reports_status_check',
      sql`${t.status} in ('open', 'dismissed', 'warned', 'banned')`,
    ),
  ],
);
export type MeetReportRow = typeof meetReports.$inferSelect;

/** Users banned from meeting and chat by a moderator; their sessions were revoked too. */
export const meetBans = pgTable('meet_bans', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reportId: integer().references(() => meetReports.id, { onDelete: 'set null' }),
  bannedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * The mood of each user's last raised hand (one row per user, replaced at every raise), kept
 * beyond the hand itself so house ads may target it (only with the advertising consent).
 */
export const meetLastMoods = pgTable('meet_last_moods', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mood: text().notNull(),
  raisedAt: timestamptz('raised_at').notNull().defaultNow(),
});
