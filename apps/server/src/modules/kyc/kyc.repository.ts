import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { KycStatus } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import {
  kycDecisions,
  kycVerifications,
  type KycDecisionRow,
  type KycVerificationRow,
} from './kyc.schema.ts';

export interface KycListFilter {
  offset: number;
  limit: number;
  status?: KycStatus | undefined;
  lastName?: string | undefined;
  /** Only verified users waiting for an answer to a higher-level request. */
  levelRequested?: boolean | undefined;
}

/** Only applications for these levels (a moderator's); a first verification counts as Silver. */
export type KycLevelScope = readonly number[] | undefined;

/** All SQL of KYC's own tables; the `users.kyc_status` mirror is written through the users module. */
export const kycRepository = {
  /** Verifications waiting for a moderator and when the oldest was submitted (the monitor). */
  async waiting(db: DbExecutor): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${kycVerifications.submittedAt})`,
      })
      .from(kycVerifications)
      .where(eq(kycVerifications.status, 'requested'));
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  async find(db: DbExecutor, userId: number): Promise<KycVerificationRow | undefined> {
    const [row] = await db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, userId))
      .limit(1);
    return row;
  },

  async upsertSubmission(
    db: DbExecutor,
    values: { userId: number; documentMediaId: string; selfieMediaId: string },
  ): Promise<KycVerificationRow> {
    const [row] = await db
      .insert(kycVerifications)
      .values({ ...values, status: 'requested', submittedAt: sql`now()` })
      .onConflictDoUpdate({
        target: kycVerifications.userId,
        set: {
          status: 'requested',
          documentMediaId: values.documentMediaId,
          selfieMediaId: values.selfieMediaId,
          maxNftType: null,
          moderatorComment: null,
          submittedAt: sql`now()`,
          decidedAt: null,
          decidedBy: null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('kyc upsert returned no row');
    return row;
  },

  async decide(
    db: DbExecutor,
    userId: number,
    changes: {
      status: KycStatus;
      maxNftType: number | null;
      moderatorComment: string | null;
      decidedBy: number;
    },
  ): Promise<KycVerificationRow> {
    const [row] = await db
      .update(kycVerifications)
      // Every decision answers a waiting higher-level request.
      .set({
        ...changes,
        requestedNftType: null,
        levelRequestedAt: null,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(kycVerifications.userId, userId))
      .returning();
    if (!row) throw new Error(`kyc of ${userId} vanished`);
    return row;
  },

  /** An admin re-opens the verification: back to draft, the allowed level and request gone. */
  async reopen(
    db: DbExecutor,
    userId: number,
    changes: { moderatorComment: string; decidedBy: number },
  ): Promise<void> {
    await db
      .update(kycVerifications)
      .set({
        ...changes,
        status: KycStatus.DRAFT,
        maxNftType: null,
        requestedNftType: null,
        levelRequestedAt: null,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(kycVerifications.userId, userId));
  },

  /** Records a verified user's request for a higher level (replacing an earlier one). */
  async requestLevel(db: DbExecutor, userId: number, level: number): Promise<void> {
    await db
      .update(kycVerifications)
      .set({ requestedNftType: level, levelRequestedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(kycVerifications.userId, userId));
  },

  async addDecision(
    db: DbExecutor,
    values: Omit<KycDecisionRow, 'id' | 'createdAt'>,
  ): Promise<KycDecisionRow> {
    const [row] = await db.insert(kycDecisions).values(values).returning();
    if (!row) throw new Error('kyc decision insert returned no row');
    return row;
  },

  async history(db: DbExecutor, userIds: readonly number[]): Promise<KycDecisionRow[]> {
    if (userIds.length === 0) return [];
    return db
      .select()
      .from(kycDecisions)
      .where(inArray(kycDecisions.userId, [...userIds]))
      .orderBy(asc(kycDecisions.id));
  },

  /**
   * A page of verifications, waiting ones first-come first-served; `userIds` (the users module's
   * last-name search) narrows it to those users.
   */
  async list(
    db: DbExecutor,
    filter: Pick<KycListFilter, 'offset' | 'limit' | 'status' | 'levelRequested'>,
    userIds?: readonly number[],
    levels?: KycLevelScope,
  ): Promise<{ total: number; rows: KycVerificationRow[] }> {
    const conditions: SQL[] = [];
    if (levels) {
      conditions.push(
        levels.length > 0
          ? inArray(sql`coalesce(${kycVerifications.requestedNftType}, 0)`, [...levels])
          : sql`false`,
      );
    }
    if (filter.status) conditions.push(eq(kycVerifications.status, filter.status));
    // One array parameter however many match, so the filter applies before paging.
    if (userIds)
      conditions.push(sql`${kycVerifications.userId} = any(${sql.param(userIds)}::int[])`);
    if (filter.levelRequested !== undefined) {
      conditions.push(
        filter.levelRequested
          ? isNotNull(kycVerifications.requestedNftType)
          : isNull(kycVerifications.requestedNftType),
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [totalRow] = await db.select({ total: count() }).from(kycVerifications).where(where);
    const rows = await db
      .select()
      .from(kycVerifications)
      .where(where)
      .orderBy(
        sql`case when ${kycVerifications.status} = 'requested' then 0 else 1 end`,
        sql`case when ${kycVerifications.status} = 'requested' then ${kycVerifications.submittedAt} end asc`,
        desc(kycVerifications.updatedAt),
        asc(kycVerifications.userId),
      )
      .offset(filter.offset)
      .limit(filter.limit);
    return { total: totalRow?.total ?? 0, rows };
  },
};
