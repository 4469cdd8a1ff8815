import { eq, sql } from 'drizzle-orm';
import type { ReviewRules } from '@meeet/core/api/review-rules';
import type { DbExecutor } from '../../db/client.ts';
import { reviewRules } from './review-rules.schema.ts';

/** The stored rules with when they were last changed. */
export interface StoredReviewRules {
  rules: ReviewRules;
  updatedAt: Date;
}

/** All SQL of the review rules (their audit: settings-audit.repository.ts). */
export const reviewRulesRepository = {
  /** The one row; `lock` holds it until the transaction ends (an admin's change). */
  async current(db: DbExecutor, lock = false): Promise<StoredReviewRules | undefined> {
    const query = db.select().from(reviewRules).where(eq(reviewRules.id, 1));
    const [row] = lock ? await query.for('update') : await query;
    return (
      row && {
        rules: {
          maxAreaRadiusKm: row.maxAreaRadiusKm,
          minDailyCap: row.minDailyCap,
          maxDailyCap: row.maxDailyCap,
          blockedWords: row.blockedWords,
          reviewWithinHours: row.reviewWithinHours,
        },
        updatedAt: row.updatedAt,
      }
    );
  },

  async save(db: DbExecutor, rules: ReviewRules, updatedBy: number): Promise<void> {
    const values = { ...rules, updatedBy };
    await db
      .insert(reviewRules)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: reviewRules.id, set: { ...values, updatedAt: sql`now()` } });
  },
};
