import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MeetingOutcome, MeetingReason, MeetingStatus } from '@meeet/core/api/meetings';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, timestamps, timestamptz } from '../../db/columns.ts';

/**
 * One meeting of two users (`userA` the smaller id), from its start handshake to its outcome.
 * The device fingerprints each member's start request carried are kept (PRODUCT.md: the
 * fingerprint is stored per meeting). A pair mints together once: the partial unique index
 * holds at most one meeting of a pair that is minting or minted; a mint that failed for a
 * technical reason (`mint_failed`) leaves the pair free to mint again.
 *
 * Minting is crash-safe: `mint_from_block` is written before the mint is sent, so after a
 * crash between the chain send and the record the mint is found again in the token's logs
 * (by its level and the pair as generators) instead of being sent twice.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: serial().primaryKey(),
    userA: belongsTo(() => users.id),
    userB: belongsTo(() => users.id),
    method: text().$type<'ble' | 'code'>().notNull(),
    status: text().$type<MeetingStatus>().notNull().default('active'),
    outcome: text().$type<MeetingOutcome>().notNull().default('pending'),
    reasons: jsonb().$type<MeetingReason[]>().notNull().default([]),
    level: smallint(),
    deviceA: text(),
    deviceB: text(),
    minutesCounted: integer().notNull().default(0),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    /** The chain's block before the mint was first sent (the recovery scans from it). */
    mintFromBlock: numeric('mint_from_block', { precision: 78, scale: 0 }),
    mintHash: text(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
    /** The technical reason a mint failed (the chain's refusal, or the mint job's last error). */
    mintError: text(),
    ...timestamps(),
  },
  (t) => [
    index('meetings_user_a_idx').on(t.userA, t.startedAt),
    index('meetings_user_b_idx').on(t.userB, t.startedAt),
    index('meetings_active_idx')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
    index('meetings_minting_idx')
      .on(t.outcome)
      .where(sql`${t.outcome} = 'minting'`),
    uniqueIndex('meetings_pair_minted_key')
      .on(t.userA, t.userB)
      .where(sql`${t.outcome} in ('minting', 'minted')`),
    check('meetings_order_check', sql`${t.userA} < ${t.userB}`),
    check('meetings_method_check', sql`${t.method} in ('ble', 'code')`),
    check('meetings_status_check', sql`${t.status} in ('active', 'completed', 'failed')`),
    check(
      'meetings_outcome_check',
      sql`${t.outcome} in ('pending', 'minting', 'minted', 'refused', 'mint_failed', 'not_proven')`,
    ),
    check('meetings_level_check', sql`${t.level} in (0, 1, 2)`),
  ],
);

export type MeetingRow = typeof meetings.$inferSelect;
export type NewMeetingRow = typeof meetings.$inferInsert;

/**
 * A short code one phone shows (digits or QR) for the other to send: a start handshake, or the
 * end of the issuer's active meeting. Used once, until `expires_at`.
 */
export const meetingHandshakes = pgTable(
  'meeting_handshakes',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    issuerId: belongsTo(() => users.id),
    /** The issuer's device fingerprint when the code was issued. */
    issuerDevice: text(),
    phase: text().$type<'start' | 'end'>().notNull(),
    meetingId: integer().references(() => meetings.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meeting_handshakes_live_code_key')
      .on(t.code)
      .where(sql`${t.usedAt} is null`),
    index('meeting_handshakes_issuer_idx').on(t.issuerId),
    check('meeting_handshakes_phase_check', sql`${t.phase} in ('start', 'end')`),
  ],
);

export type MeetingHandshakeRow = typeof meetingHandshakes.$inferSelect;

/**
 * Spec §4: after KYC or a status is denied, a user keeps `meetings_left` meetings; at zero the
 * status is annulled (`annulled_at`) and minting stops until KYC is approved again, which
 * removes the row.
 */
export const meetingStandings = pgTable(
  'meeting_standings',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    deniedAt: timestamptz('denied_at').notNull().defaultNow(),
    meetingsLeft: integer().notNull(),
    annulledAt: timestamptz('annulled_at'),
  },
  (t) => [check('meeting_standings_left_check', sql`${t.meetingsLeft} >= 0`)],
);

export type MeetingStandingRow = typeof meetingStandings.$inferSelect;
