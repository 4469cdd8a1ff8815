import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamps, timestamptz } from '../../db/columns.ts';

/** Spec §3 User. The id is the UID users see; e-mail and domain are unique in any letter case. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored normalised (trimmed, lower case); the index on lower() guards rows written otherwise. */
    email: text().notNull(),
    /** argon2id PHC string; null for accounts that only ever signed in with Apple. */
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    surName: text(),
    /** The nickname, kept as typed; uniqueness ignores letter case. */
    domain: text(),
    gender: smallint(),
    /** Midnight UTC of the birthday (spec §3). */
    bdate: timestamptz('bdate'),
    phone: text(),
    country: text(),
    locale: text().notNull().default('en'),
    role: text().notNull().default('user'),
    referralLevel: text().notNull().default('human'),
    /** The promo code typed at registration, as typed. */
    promocode: text(),
    /**
     * The user's own random promo code (issue 46); null for users from before random codes,
     * whose sequential code (`formatPromoCode(id)`) stays theirs.
     */
    referralCode: text().unique(),
    referrerId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    emailVerified: boolean().notNull().default(false),
    /** Owned by the KYC module; accounts only read it (the name lock). */
    kycStatus: text().notNull().default('draft'),
    appleSub: text().unique(),
    /** Minting waits until then after another phone was attested (PRODUCT.md). */
    deviceLockUntil: timestamptz('device_lock_until'),
    /** Why (`DeviceLockReason`); null on locks from before reasons were kept. */
    deviceLockReason: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_domain_lower_key').on(sql`lower(${t.domain})`),
    index('users_referrer_id_idx').on(t.referrerId),
    check('users_role_check', sql`${t.role} in ('user', 'moderator', 'admin')`),
    check('users_locale_check', sql`${t.locale} in ('en', 'ru')`),
    check('users_referral_level_check', sql`${t.referralLevel} in ('human', 'business')`),
    check('users_gender_check', sql`${t.gender} in (0, 1)`),
    check(
      'users_kyc_status_check',
      sql`${t.kycStatus} in ('draft', 'rejected', 'rejected_forever', 'approved', 'requested')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * One row per issued token: revoking the row ends the token before its expiry. The
 * fingerprint (`x-fp`) is what the device lock and the minting rules compare.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: belongsTo(() => users.id),
    fingerprint: text(),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_user_fingerprint_idx').on(t.userId, t.fingerprint),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
