import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { media } from '../media/media.schema.ts';
import { users } from '../users/users.schema.ts';
import { timestamps, timestamptz } from '../../db/columns.ts';

/**
 * News of the control area (spec §3): both languages on one row, since an item is written,
 * previewed and published as one. It is out when PUBLISHED and `publish_at` has passed.
 */
export const news = pgTable(
  'news',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    titleEn: text().notNull(),
    titleRu: text().notNull(),
    bodyEn: text().notNull(),
    bodyRu: text().notNull(),
    coverId: uuid().references(() => media.id, { onDelete: 'set null' }),
    status: text().notNull(),
    publishAt: timestamptz('publish_at').notNull(),
    /** Set once signed-in users were told of the item; a scheduled item is told at its time. */
    notifiedAt: timestamptz('notified_at'),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('news_status_publish_at_idx').on(t.status, t.publishAt),
    index('news_to_notify_idx')
      .on(t.publishAt)
      .where(sql`${t.notifiedAt} is null and ${t.status} = 'PUBLISHED'`),
    check('news_status_check', sql`${t.status} in ('DRAFT', 'PUBLISHED')`),
  ],
);

export type NewsRow = typeof news.$inferSelect;
export type NewNewsRow = typeof news.$inferInsert;
