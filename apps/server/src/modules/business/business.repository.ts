import { and, asc, between, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { BusinessStatus } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import {
  businessDecisions,
  businesses,
  businessSpots,
  spotMeetings,
  type BusinessDecisionRow,
  type BusinessRow,
  type BusinessSpotRow,
} from './business.schema.ts';

export type BusinessValues = Omit<
  typeof businesses.$inferInsert,
  'id' | 'status' | 'reason' | 'submittedAt' | 'decidedAt' | 'decidedBy' | 'createdAt' | 'updatedAt'
>;
export type SpotValues = Omit<
  typeof businessSpots.$inferInsert,
  'id' | 'businessId' | 'createdAt' | 'updatedAt'
>;

/** All SQL of the business accounts' own tables. */
export const businessRepository = {
  async findByOwner(db: DbExecutor, ownerId: number): Promise<BusinessRow | undefined> {
    const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId));
    return row;
  },

  async find(db: DbExecutor, id: number): Promise<BusinessRow | undefined> {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    return row;
  },

  /** The row locked until the transaction ends (one decision or application at a time). */
  async lock(db: DbExecutor, where: { id: number } | { ownerId: number }) {
    const [row] = await db
      .select()
      .from(businesses)
      .where('id' in where ? eq(businesses.id, where.id) : eq(businesses.ownerId, where.ownerId))
      .for('update');
    return row;
  },

  async upsertApplication(db: DbExecutor, values: BusinessValues): Promise<BusinessRow> {
    const pending = {
      status: 'pending' as const,
      reason: null,
      submittedAt: sql`now()`,
      decidedAt: null,
      decidedBy: null,
      updatedAt: sql`now()`,
    };
    const [row] = await db
      .insert(businesses)
      .values({ ...values, ...pending })
      .onConflictDoUpdate({ target: businesses.ownerId, set: { ...values, ...pending } })
      .returning();
    if (!row) throw new Error('business upsert returned no row');
    return row;
  },

  async decide(
    db: DbExecutor,
    id: number,
    change: { status: BusinessStatus; reason: string | null; decidedBy: number },
  ): Promise<BusinessRow> {
    const [row] = await db
      .update(businesses)
      .set({ ...change, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(businesses.id, id))
      .returning();
    if (!row) throw new Error(`business ${id} vanished`);
    return row;
  },

  async addDecision(db: DbExecutor, values: typeof businessDecisions.$inferInsert) {
    await db.insert(businessDecisions).values(values);
  },

  async history(db: DbExecutor, ids: readonly number[]): Promise<BusinessDecisionRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(businessDecisions)
      .where(inArray(businessDecisions.businessId, [...ids]))
      .orderBy(asc(businessDecisions.id));
  },

  async list(
    db: DbExecutor,
    filter: { offset: number; limit: number; status?: BusinessStatus | undefined },
  ): Promise<{ rows: BusinessRow[]; total: number }> {
    const where = filter.status ? eq(businesses.status, filter.status) : undefined;
    const [total] = await db.select({ n: count() }).from(businesses).where(where);
    // The oldest waiting application first, as a queue is worked.
    const rows = await db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(asc(businesses.submittedAt), asc(businesses.id))
      .offset(filter.offset)
      .limit(filter.limit);
    return { rows, total: total?.n ?? 0 };
  },

  async spotsOf(db: DbExecutor, businessId: number): Promise<(BusinessSpotRow & { n: number })[]> {
    return db
      .select({
        ...spotColumns(),
        n: sql<number>`(select count(*)::int from ${spotMeetings}
          where ${spotMeetings.spotId} = ${businessSpots.id})`,
      })
      .from(businessSpots)
      .where(eq(businessSpots.businessId, businessId))
      .orderBy(asc(businessSpots.id));
  },

  async insertSpot(db: DbExecutor, businessId: number, values: SpotValues) {
    const [row] = await db
      .insert(businessSpots)
      .values({ ...values, businessId })
      .returning();
    if (!row) throw new Error('spot insert returned no row');
    return row;
  },

  /** Changes a spot of `businessId` only; undefined when it has no such spot. */
  async updateSpot(db: DbExecutor, businessId: number, id: number, values: SpotValues) {
    const [row] = await db
      .update(businessSpots)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(businessSpots.id, id), eq(businessSpots.businessId, businessId)))
      .returning();
    return row;
  },

  async deleteSpot(db: DbExecutor, businessId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(businessSpots)
      .where(and(eq(businessSpots.id, id), eq(businessSpots.businessId, businessId)))
      .returning({ id: businessSpots.id });
    return rows.length > 0;
  },

  /** Spots of approved businesses inside a box (the caller measures the real distance). */
  async spotsInBox(
    db: DbExecutor,
    box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
    limit: number,
  ): Promise<BusinessSpotRow[]> {
    return db
      .select(spotColumns())
      .from(businessSpots)
      .innerJoin(businesses, eq(businesses.id, businessSpots.businessId))
      .where(
        and(
          eq(businesses.status, 'approved'),
          between(businessSpots.lat, box.minLat, box.maxLat),
          between(businessSpots.lon, box.minLon, box.maxLon),
        ),
      )
      .orderBy(asc(businessSpots.id))
      .limit(limit);
  },

  async attribute(
    db: DbExecutor,
    values: { meetingId: number; spotId: number; userA: number; userB: number },
  ): Promise<void> {
    await db.insert(spotMeetings).values(values).onConflictDoNothing();
  },

  /** The meetings `userId` had at a spot, newest first, with the spot. */
  async visited(db: DbExecutor, userId: number, limit: number) {
    return db
      .select({ meetingId: spotMeetings.meetingId, spot: spotColumns() })
      .from(spotMeetings)
      .innerJoin(businessSpots, eq(businessSpots.id, spotMeetings.spotId))
      .where(or(eq(spotMeetings.userA, userId), eq(spotMeetings.userB, userId)))
      .orderBy(desc(spotMeetings.meetingId))
      .limit(limit);
  },
};

function spotColumns() {
  return {
    id: businessSpots.id,
    businessId: businessSpots.businessId,
    name: businessSpots.name,
    category: businessSpots.category,
    openingHours: businessSpots.openingHours,
    photoMediaId: businessSpots.photoMediaId,
    lat: businessSpots.lat,
    lon: businessSpots.lon,
    perk: businessSpots.perk,
    createdAt: businessSpots.createdAt,
    updatedAt: businessSpots.updatedAt,
  };
}
