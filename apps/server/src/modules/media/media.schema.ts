import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt } from '../../db/columns.ts';

/**
 * One row per uploaded image; its files (one per size) live in the media storage under the
 * row's id. A row exists only once every file is stored.
 */
export const media = pgTable(
  'media',
  {
    id: uuid().primaryKey(),
    ownerId: belongsTo(() => users.id),
    album: text().notNull(),
    /** The user (profile photos, KYC) or the news item the image belongs to. */
    targetId: integer(),
    /** KYC images: 'document' or 'selfie'. */
    kind: text(),
    isAvatar: boolean().notNull().default(false),
    /** The stored format of every size: 'webp'. */
    format: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_owner_album_idx').on(t.ownerId, t.album),
    // At most one avatar per user.
    uniqueIndex('media_one_avatar_per_owner')
      .on(t.ownerId)
      .where(sql`${t.isAvatar}`),
    check(
      'media_album_check',
      sql`${t.album} in ('profile_photos', 'kyc', 'channel_photos', 'news', 'business', 'ad_creatives')`,
    ),
    check('media_kind_check', sql`${t.kind} is null or ${t.kind} in ('document', 'selfie')`),
  ],
);

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;
