import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BusinessCategory, BusinessStatus } from '@meeet/core/enums';
import { media } from '../media/media.schema.ts';
import { meetings } from '../meetings/meetings.schema.ts';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, timestamps, timestamptz } from '../../db/columns.ts';

const CATEGORIES = sql.raw(
  `('cafe', 'bar', 'restaurant', 'culture', 'sport', 'shop', 'brand', 'other')`,
);
const STATUSES = sql.raw(`('pending', 'needs-info', 'approved', 'refused', 'suspended')`);

/**
 * One business account per user (issue 44): the company details a moderator reviews, and once
 * approved the venue's position (null for a brand without a place). Only the owner reads or
 * changes it; moderators decide it.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalName: text().notNull(),
    registrationNumber: text().notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    address: text().notNull(),
    website: text(),
    contact: text().notNull(),
    category: text().$type<BusinessCategory>().notNull(),
    logoMediaId: uuid().references(() => media.id, { onDelete: 'set null' }),
    status: text().$type<BusinessStatus>().notNull().default('pending'),
    /** The moderator's last reason (asking for more, refusing, suspending). */
    reason: text(),
    venueLat: doublePrecision(),
    venueLon: doublePrecision(),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('businesses_status_submitted_idx').on(t.status, t.submittedAt),
    check('businesses_category_check', sql`${t.category} in ${CATEGORIES}`),
    check('businesses_status_check', sql`${t.status} in ${STATUSES}`),
    check(
      'businesses_venue_check',
      sql`(${t.venueLat} is null) = (${t.venueLon} is null)
        and (${t.venueLat} is null or (${t.venueLat} between -90 and 90
          and ${t.venueLon} between -180 and 180))`,
    ),
  ],
);

export type BusinessRow = typeof businesses.$inferSelect;

/** Every status change of a business, never updated: who, when, from what to what, and why. */
export const businessDecisions = pgTable(
  'business_decisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: belongsTo(() => businesses.id),
    fromStatus: text().$type<BusinessStatus>(),
    toStatus: text().$type<BusinessStatus>().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('business_decisions_business_idx').on(t.businessId, t.id)],
);

export type BusinessDecisionRow = typeof businessDecisions.$inferSelect;

/** A meeting spot an approved venue publishes: a place on the app's map, with an optional perk. */
export const businessSpots = pgTable(
  'business_spots',
  {
    id: serial().primaryKey(),
    businessId: belongsTo(() => businesses.id),
    name: text().notNull(),
    category: text().$type<BusinessCategory>().notNull(),
    openingHours: text().notNull(),
    photoMediaId: uuid().references(() => media.id, { onDelete: 'set null' }),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    perk: text(),
    ...timestamps(),
  },
  (t) => [
    index('business_spots_business_idx').on(t.businessId),
    index('business_spots_position_idx').on(t.lat, t.lon),
    check('business_spots_category_check', sql`${t.category} in ${CATEGORIES}`),
    check(
      'business_spots_position_check',
      sql`${t.lat} between -90 and 90 and ${t.lon} between -180 and 180`,
    ),
  ],
);

export type BusinessSpotRow = typeof businessSpots.$inferSelect;

/** A completed meeting held at a spot; the spot sees only how many, never who. */
export const spotMeetings = pgTable(
  'spot_meetings',
  {
    meetingId: integer()
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    spotId: belongsTo(() => businessSpots.id),
    /** The two people (their history shows the spot); never shown to the venue. */
    userA: belongsTo(() => users.id),
    userB: belongsTo(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('spot_meetings_spot_idx').on(t.spotId),
    index('spot_meetings_user_a_idx').on(t.userA),
    index('spot_meetings_user_b_idx').on(t.userB),
  ],
);
