import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CampaignStatus } from '@meeet/core/api/campaigns-paths';
import type { DbExecutor } from '../../db/client.ts';
import { adCampaigns, adImpressions, type AdCampaignRow } from './ads.schema.ts';
import { campaignCharges, campaignPrice } from './campaigns.schema.ts';

export type CampaignRow = AdCampaignRow & { businessId: number; ownerId: number };

export type CampaignFields = Pick<
  typeof adCampaigns.$inferInsert,
  | 'title'
  | 'text'
  | 'imageId'
  | 'link'
  | 'languages'
  | 'placements'
  | 'countries'
  | 'genders'
  | 'ageMin'
  | 'ageMax'
  | 'moods'
  | 'startsAt'
  | 'endsAt'
  | 'dailyCap'
  | 'areaLat'
  | 'areaLon'
  | 'areaRadiusKm'
>;

/** A UTC day of one campaign's impressions not yet charged. */
export interface UnchargedDay {
  campaignId: number;
  day: string;
  impressions: number;
}

const asCampaign = (row: AdCampaignRow | undefined): CampaignRow | undefined =>
  row && row.businessId !== null && row.ownerId !== null ? (row as CampaignRow) : undefined;

/** All SQL of businesses' campaigns (rows of `ad_campaigns` with a business). */
export const campaignsRepository = {
  async insert(
    db: DbExecutor,
    values: CampaignFields & { businessId: number; ownerId: number },
  ): Promise<CampaignRow> {
    const [row] = await db
      .insert(adCampaigns)
      .values({
        ...values,
        // One impression per viewer and day: what the business pays for is reach.
        viewerDailyCap: 1,
        active: true,
        status: 'draft',
        levels: [],
      })
      .returning();
    const campaign = asCampaign(row);
    if (!campaign) throw new Error('campaign insert returned no row');
    return campaign;
  },

  /** The business's campaign, locked; undefined when missing or another business's. */
  async lockOwn(db: DbExecutor, id: number, businessId: number): Promise<CampaignRow | undefined> {
    const [row] = await db
      .select()
      .from(adCampaigns)
      .where(and(eq(adCampaigns.id, id), eq(adCampaigns.businessId, businessId)))
      .for('update');
    return asCampaign(row);
  },

  async findOwn(db: DbExecutor, id: number, businessId: number): Promise<CampaignRow | undefined> {
    const [row] = await db
      .select()
      .from(adCampaigns)
      .where(and(eq(adCampaigns.id, id), eq(adCampaigns.businessId, businessId)));
    return asCampaign(row);
  },

  /** Any business's campaign, locked (moderators, the daily charge). */
  async lock(db: DbExecutor, id: number): Promise<CampaignRow | undefined> {
    const [row] = await db
      .select()
      .from(adCampaigns)
      .where(and(eq(adCampaigns.id, id), isNotNull(adCampaigns.businessId)))
      .for('update');
    return asCampaign(row);
  },

  async listOwn(db: DbExecutor, businessId: number): Promise<CampaignRow[]> {
    const rows = await db
      .select()
      .from(adCampaigns)
      .where(eq(adCampaigns.businessId, businessId))
      .orderBy(desc(adCampaigns.id));
    return rows as CampaignRow[];
  },

  /** Waiting for review, oldest first. */
  async pending(db: DbExecutor): Promise<CampaignRow[]> {
    const rows = await db
      .select()
      .from(adCampaigns)
      .where(and(isNotNull(adCampaigns.businessId), eq(adCampaigns.status, 'pending')))
      .orderBy(asc(adCampaigns.updatedAt));
    return rows as CampaignRow[];
  },

  async update(
    db: DbExecutor,
    id: number,
    values: Partial<CampaignFields> & { status?: CampaignStatus; statusReason?: string | null },
  ): Promise<CampaignRow> {
    const [row] = await db
      .update(adCampaigns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(adCampaigns.id, id))
      .returning();
    const campaign = asCampaign(row);
    if (!campaign) throw new Error('campaign update returned no row');
    return campaign;
  },

  /** Campaigns past their end that still run or wait paused. */
  async endExpired(db: DbExecutor, now: Date): Promise<void> {
    await db
      .update(adCampaigns)
      .set({ status: 'ended', updatedAt: sql`now()` })
      .where(
        and(
          isNotNull(adCampaigns.businessId),
          inArray(adCampaigns.status, ['running', 'paused']),
          sql`${adCampaigns.endsAt} <= ${now}`,
        ),
      );
  },

  /** Running campaigns (the daily check that their balance still pays a day). */
  async running(db: DbExecutor): Promise<CampaignRow[]> {
    const rows = await db
      .select()
      .from(adCampaigns)
      .where(and(isNotNull(adCampaigns.businessId), eq(adCampaigns.status, 'running')));
    return rows as CampaignRow[];
  },

  /** Whole UTC days before `today` with seen impressions of a business campaign, uncharged. */
  async unchargedDays(db: DbExecutor, today: string, limit: number): Promise<UnchargedDay[]> {
    const result = await db.execute<{ campaign_id: number; day: string; impressions: number }>(sql`
      select i.campaign_id, to_char(i.served_at at time zone 'utc', 'YYYY-MM-DD') as day,
        count(i.seen_at)::int as impressions
      from ${adImpressions} i
      join ${adCampaigns} c on c.id = i.campaign_id and c.business_id is not null
      where i.served_at < ${today}::date at time zone 'utc'
        and not exists (select 1 from ${campaignCharges} ch where ch.campaign_id = i.campaign_id
          and ch.day = (i.served_at at time zone 'utc')::date)
      group by 1, 2 having count(i.seen_at) > 0
      order by 2, 1 limit ${limit}`);
    return result.rows.map((r) => ({
      campaignId: Number(r.campaign_id),
      day: r.day,
      impressions: Number(r.impressions),
    }));
  },

  /**
   * Seen impressions of the campaign on the UTC day (counted again under the lock, so the
   * charge matches what is stored).
   */
  async seenOn(db: DbExecutor, campaignId: number, day: string): Promise<number> {
    const result = await db.execute<{ n: number }>(sql`
      select count(seen_at)::int as n from ${adImpressions}
      where campaign_id = ${campaignId}
        and served_at >= ${day}::date at time zone 'utc'
        and served_at < (${day}::date + 1) at time zone 'utc'`);
    return Number(result.rows[0]?.n ?? 0);
  },

  /** Records the day's charge; false when the day was charged already (the idempotency). */
  async insertCharge(
    db: DbExecutor,
    values: typeof campaignCharges.$inferInsert,
  ): Promise<boolean> {
    const rows = await db
      .insert(campaignCharges)
      .values(values)
      .onConflictDoNothing()
      .returning({ day: campaignCharges.day });
    return rows.length > 0;
  },

  async charges(db: DbExecutor, campaignId: number): Promise<{ day: string; charged: string }[]> {
    return db
      .select({ day: campaignCharges.day, charged: campaignCharges.charged })
      .from(campaignCharges)
      .where(eq(campaignCharges.campaignId, campaignId))
      .orderBy(asc(campaignCharges.day));
  },

  /** All each campaign of the business was charged (smallest units), by campaign id. */
  async chargedByCampaign(db: DbExecutor, businessId: number): Promise<Map<number, string>> {
    const rows = await db
      .select({
        campaignId: campaignCharges.campaignId,
        total: sql<string>`sum(${campaignCharges.charged})::text`,
      })
      .from(campaignCharges)
      .innerJoin(adCampaigns, eq(adCampaigns.id, campaignCharges.campaignId))
      .where(eq(adCampaigns.businessId, businessId))
      .groupBy(campaignCharges.campaignId);
    return new Map(rows.map((r) => [r.campaignId, r.total]));
  },

  async price(db: DbExecutor): Promise<{ pricePerThousand: bigint; updatedAt: Date } | undefined> {
    const [row] = await db.select().from(campaignPrice).where(eq(campaignPrice.id, 1));
    return row && { pricePerThousand: BigInt(row.pricePerThousand), updatedAt: row.updatedAt };
  },

  async setPrice(db: DbExecutor, pricePerThousand: bigint, updatedBy: number): Promise<void> {
    const values = { pricePerThousand: pricePerThousand.toString(), updatedBy };
    await db
      .insert(campaignPrice)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: campaignPrice.id, set: { ...values, updatedAt: sql`now()` } });
  },
};
