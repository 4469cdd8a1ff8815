import { bigint, boolean, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, identityKey, timestamptz } from '../../db/columns.ts';

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A user's authenticator-app secret (RFC 6238). `enabled` turns true only once a code from the
 * app verified; `last_step` is the time-step of the last accepted code, so it cannot be replayed.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabled: boolean().notNull().default(false),
  lastStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes; only a keyed hash is kept, `used_at` spends one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: identityKey(),
    userId: belongsTo(() => users.id),
    codeHash: text().notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys); `counter` is the last signature counter seen. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url, as the browser names it. */
    id: text().primaryKey(),
    userId: belongsTo(() => users.id),
    publicKey: bytea('public_key').notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, spent by their first use. `user_id` is null for a sign-in by passkey
 * where the browser picks the account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** 'register' or 'assert'. */
    purpose: text().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

export type TotpSecretRow = typeof totpSecrets.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
