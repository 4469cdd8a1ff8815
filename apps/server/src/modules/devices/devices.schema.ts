import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, timestamptz } from '../../db/columns.ts';

/**
 * App Attest keys (issue 39): one per app install, attested once against Apple's root. The key
 * id is the meeting's device; `sign_count` is the last assertion's counter, which only rises.
 */
export const deviceKeys = pgTable('device_keys', {
  /** Base64 SHA-256 of the public key, as App Attest names it. */
  keyId: text().primaryKey(),
  publicKeyPem: text().notNull(),
  signCount: bigint({ mode: 'number' }).notNull().default(0),
  /** 'production' or 'development' (the aaguid the attestation carried). */
  environment: text().notNull(),
  createdAt: createdAt(),
});

/**
 * The accounts that use a key. A key of two accounts is one phone: they never meet each other.
 * An account's second key is a new phone: it starts the device lock.
 */
export const deviceKeyAccounts = pgTable(
  'device_key_accounts',
  {
    keyId: text()
      .notNull()
      .references(() => deviceKeys.keyId, { onDelete: 'cascade' }),
    userId: belongsTo(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.userId] }),
    index('device_key_accounts_user_id_idx').on(t.userId),
  ],
);

/** One-time challenges for attestations, spent by their first use. */
export const attestChallenges = pgTable(
  'attest_challenges',
  {
    challenge: text().primaryKey(),
    userId: belongsTo(() => users.id),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('attest_challenges_expires_at_idx').on(t.expiresAt)],
);

export type DeviceKeyRow = typeof deviceKeys.$inferSelect;
