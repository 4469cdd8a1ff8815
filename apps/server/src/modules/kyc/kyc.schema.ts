import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { media } from '../media/media.schema.ts';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, timestamptz } from '../../db/columns.ts';

const KYC_STATUSES = sql.raw(`('draft', 'rejected', 'rejected_forever', 'approved', 'requested')`);

/**
 * One verification per user, made on the first submit. The status is mirrored on
 * `users.kyc_status` in the same transaction (the accounts module reads it for the name lock).
 */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    /** The photos the last submission was made with. */
    documentMediaId: uuid().references(() => media.id, { onDelete: 'set null' }),
    selfieMediaId: uuid().references(() => media.id, { onDelete: 'set null' }),
    /** The highest NftType the approval allows; null unless approved. */
    maxNftType: smallint(),
    moderatorComment: text(),
    /**
     * A verified user's request for a higher level than `maxNftType` allows; null when none.
     * The approval stands meanwhile; a moderator's next decision answers (and clears) it.
     */
    requestedNftType: smallint(),
    levelRequestedAt: timestamptz('level_requested_at'),
    submittedAt: timestamptz('submitted_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kyc_verifications_status_submitted_idx').on(t.status, t.submittedAt),
    check('kyc_verifications_status_check', sql`${t.status} in ${KYC_STATUSES}`),
    check(
      'kyc_verifications_max_nft_check',
      sql`${t.maxNftType} is null or ${t.maxNftType} in (0, 1, 2)`,
    ),
    check(
      'kyc_verifications_requested_nft_check',
      sql`${t.requestedNftType} is null or ${t.requestedNftType} in (0, 1, 2)`,
    ),
  ],
);

export type KycVerificationRow = typeof kycVerifications.$inferSelect;

/** Every status change, never updated or deleted: who, when, from what to what, and why. */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    /** 'user' or 'moderator' (admins act as moderators). */
    actor: text().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    comment: text(),
    maxNftType: smallint(),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_decisions_user_idx').on(t.userId, t.id),
    check('kyc_decisions_from_check', sql`${t.fromStatus} in ${KYC_STATUSES}`),
    check('kyc_decisions_to_check', sql`${t.toStatus} in ${KYC_STATUSES}`),
    check('kyc_decisions_actor_check', sql`${t.actor} in ('user', 'moderator')`),
  ],
);

export type KycDecisionRow = typeof kycDecisions.$inferSelect;
