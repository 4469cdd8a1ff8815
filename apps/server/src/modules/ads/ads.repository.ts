import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { adCampaigns, adConsents, adImpressions, type AdCampaignRow } from './ads.schema.ts';

export type CampaignFields = Omit<
  typeof adCampaigns.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

export interface AudienceFilter {
  placement: string;
  language: string;
  /** Null: not personalised — only campaigns without an audience qualify. */
  profile: {
    country: string | null;
    gender: number | null;
    age: number | null;
    /** The mood of the hand raised now or within 30 days. */
    mood: string | null;
    /** Token levels bought before or being bought. */
    levels: readonly number[];
    /** Where the map shows the viewer's raised hand (coarse); null when not on the map. */
    position: { lat: number; lon: number } | null;
  } | null;
  viewer: string;
}

/** A campaign's area holds the viewer (haversine, metres); no area holds everyone. */
function inArea(position: { lat: number; lon: number } | null) {
  const c = adCampaigns;
  if (!position) return sql`${c.areaRadiusKm} is null`;
  return sql`(${c.areaRadiusKm} is null or 2 * 6371000 * asin(least(1, sqrt(
      power(sin(radians(${position.lat}::float8 - ${c.areaLat}) / 2), 2)
      + cos(radians(${c.areaLat})) * cos(radians(${position.lat}::float8))
      * power(sin(radians(${position.lon}::float8 - ${c.areaLon}) / 2), 2)))) <= ${c.areaRadiusKm} * 1000)`;
}

/** All SQL of ads. */
export const adsRepository = {
  async saveConsent(
    db: DbExecutor,
    subject: string,
    consent: { terms: boolean; analytics: boolean; ads: boolean },
  ): Promise<void> {
    await db
      .insert(adConsents)
      .values({ subject, ...consent })
      .onConflictDoUpdate({
        target: adConsents.subject,
        set: { ...consent, updatedAt: sql`now()` },
      });
  },

  async adsConsent(db: DbExecutor, subject: string): Promise<boolean | undefined> {
    const [row] = await db
      .select({ ads: adConsents.ads })
      .from(adConsents)
      .where(eq(adConsents.subject, subject));
    return row?.ads;
  },

  /**
   * Campaigns running now for the placement and language whose audience fits (or that have
   * none), under both caps today; the least shown to this viewer first, then at random.
   */
  async eligible(db: DbExecutor, f: AudienceFilter): Promise<AdCampaignRow | undefined> {
    const c = adCampaigns;
    const p = f.profile;
    const audience = p
      ? sql`(cardinality(${c.countries}) = 0 or ${p.country}::text = any(${c.countries}))
          and (cardinality(${c.genders}) = 0 or ${p.gender}::smallint = any(${c.genders}))
          and (${c.ageMin} is null or ${p.age}::int >= ${c.ageMin})
          and (${c.ageMax} is null or ${p.age}::int <= ${c.ageMax})
          and (cardinality(${c.moods}) = 0 or ${p.mood}::text = any(${c.moods}))
          and (cardinality(${c.levels}) = 0
            or ${c.levels} && ${`{${p.levels.join(',')}}`}::smallint[])
          and ${inArea(p.position)}`
      : sql`cardinality(${c.countries}) = 0 and cardinality(${c.genders}) = 0
          and ${c.ageMin} is null and ${c.ageMax} is null
          and cardinality(${c.moods}) = 0 and cardinality(${c.levels}) = 0
          and ${c.areaRadiusKm} is null`;
    const today = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
    const [row] = await db
      .select()
      .from(c)
      .where(
        and(
          eq(c.active, true),
          eq(c.status, 'running'),
          sql`${c.startsAt} <= now() and (${c.endsAt} is null or ${c.endsAt} > now())`,
          sql`${f.placement}::text = any(${c.placements})`,
          sql`(cardinality(${c.languages}) = 0 or ${f.language}::text = any(${c.languages}))`,
          audience,
          sql`(${c.dailyCap} is null or (select count(*) from ${adImpressions} i
                where i.campaign_id = ${c.id} and i.served_at >= ${today}) < ${c.dailyCap})`,
          sql`(select count(*) from ${adImpressions} i where i.campaign_id = ${c.id}
                and i.viewer = ${f.viewer} and i.served_at >= ${today}) < ${c.viewerDailyCap}`,
        ),
      )
      .orderBy(
        sql`(select count(*) from ${adImpressions} i where i.campaign_id = ${c.id}
              and i.viewer = ${f.viewer} and i.served_at >= ${today})`,
        sql`random()`,
      )
      .limit(1);
    return row;
  },

  async insertImpression(
    db: DbExecutor,
    values: { id: string; campaignId: number; viewer: string; personalised: boolean },
  ): Promise<void> {
    await db.insert(adImpressions).values(values);
  },

  /** Marks the impression seen; false when unknown or already counted. */
  async markSeen(db: DbExecutor, id: string): Promise<boolean> {
    const rows = await db
      .update(adImpressions)
      .set({ seenAt: sql`now()` })
      .where(and(eq(adImpressions.id, id), isNull(adImpressions.seenAt)))
      .returning({ id: adImpressions.id });
    return rows.length > 0;
  },

  /**
   * Counts the click once (a click also proves the ad was seen) and returns the link; undefined
   * for an unknown impression.
   */
  async click(db: DbExecutor, id: string): Promise<string | undefined> {
    await db
      .update(adImpressions)
      .set({ clickedAt: sql`now()`, seenAt: sql`coalesce(${adImpressions.seenAt}, now())` })
      .where(and(eq(adImpressions.id, id), isNull(adImpressions.clickedAt)));
    const [row] = await db
      .select({ link: adCampaigns.link })
      .from(adImpressions)
      .innerJoin(adCampaigns, eq(adCampaigns.id, adImpressions.campaignId))
      .where(eq(adImpressions.id, id));
    return row?.link;
  },

  async insertCampaign(db: DbExecutor, values: CampaignFields): Promise<AdCampaignRow> {
    const [row] = await db.insert(adCampaigns).values(values).returning();
    if (!row) throw new Error('campaign insert returned no row');
    return row;
  },

  async updateCampaign(
    db: DbExecutor,
    id: number,
    values: CampaignFields,
  ): Promise<AdCampaignRow | undefined> {
    const [row] = await db
      .update(adCampaigns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(adCampaigns.id, id), isNull(adCampaigns.businessId)))
      .returning();
    return row;
  },

  /** House ads only: businesses' campaigns have their own cabinet and review queue. */
  listCampaigns(db: DbExecutor): Promise<AdCampaignRow[]> {
    return db
      .select()
      .from(adCampaigns)
      .where(isNull(adCampaigns.businessId))
      .orderBy(desc(adCampaigns.id));
  },

  async campaignExists(db: DbExecutor, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: adCampaigns.id })
      .from(adCampaigns)
      .where(eq(adCampaigns.id, id));
    return row !== undefined;
  },

  /** Per UTC day: served, seen (impressions) and clicked. */
  async stats(
    db: DbExecutor,
    campaignId: number,
  ): Promise<{ day: string; served: number; impressions: number; clicks: number }[]> {
    const result = await db.execute<{
      day: string;
      served: number;
      seen: number;
      clicks: number;
    }>(sql`
      select to_char(served_at at time zone 'utc', 'YYYY-MM-DD') as day,
        count(*)::int as served, count(seen_at)::int as seen, count(clicked_at)::int as clicks
      from ${adImpressions} where campaign_id = ${campaignId}
      group by 1 order by 1`);
    return result.rows.map((row) => ({
      day: row.day,
      served: Number(row.served),
      impressions: Number(row.seen),
      clicks: Number(row.clicks),
    }));
  },
};
