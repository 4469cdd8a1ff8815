import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { adCampaigns } from './ads.schema.ts';
import { users } from '../users/users.schema.ts';
import { belongsTo, createdAt, timestamptz, units } from '../../db/columns.ts';

/** The admins' price per 1,000 impressions: one row (id 1). */
export const campaignPrice = pgTable(
  'campaign_price',
  {
    id: smallint().primaryKey().default(1),
    pricePerThousand: units('price_per_thousand').notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('campaign_price_single_row', sql`${t.id} = 1`),
    check('campaign_price_positive', sql`${t.pricePerThousand} > 0`),
  ],
);

/**
 * One row per campaign and UTC day charged: its primary key is what makes the daily charge
 * happen once. `charged` may be below `due` only when the balance ran out (then paused).
 */
export const campaignCharges = pgTable(
  'campaign_charges',
  {
    campaignId: belongsTo(() => adCampaigns.id),
    day: date({ mode: 'string' }).notNull(),
    impressions: integer().notNull(),
    pricePerThousand: units('price_per_thousand').notNull(),
    due: units('due').notNull(),
    charged: units('charged').notNull(),
    /** The ledger's OUTPUT row that moved `charged`; null when nothing was moved. */
    transactionId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day] }),
    check('campaign_charges_not_above_due', sql`${t.charged} <= ${t.due}`),
    check('campaign_charges_not_negative', sql`${t.charged} >= 0`),
  ],
);
