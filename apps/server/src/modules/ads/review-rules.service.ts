import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  DEFAULT_REVIEW_RULES,
  type ReviewLimits,
  type ReviewRules,
  type ReviewRulesView,
} from '@meeet/core/api/review-rules';
import { blockedWordIn, limitBreach } from '@meeet/core/rules/review-rules';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { reviewRulesRepository as repo } from './review-rules.repository.ts';
import { settingsAuditRepository as audit } from './settings-audit.repository.ts';

/** The setting's name in the settings' audit trail. */
export const REVIEW_RULES_SETTING = 'review-rules';

/**
 * The admins' review rules (issue 44 item 5). They are read from the database on every call
 * that enforces them, so every process sees an admin's change at once (no cache).
 */
export class ReviewRulesService {
  constructor(private readonly deps: { db: Database }) {}

  /** The rules in force: the stored row, else the defaults. */
  async current(db: DbExecutor = this.deps.db): Promise<ReviewRules> {
    return (await repo.current(db))?.rules ?? DEFAULT_REVIEW_RULES;
  }

  /** Moderators and admins: all the rules. */
  async view(): Promise<ReviewRulesView> {
    const stored = await repo.current(this.deps.db);
    return {
      rules: stored?.rules ?? DEFAULT_REVIEW_RULES,
      updatedAt: stored?.updatedAt.toISOString() ?? null,
    };
  }

  /** Applicants and businesses: the limits and the review time target, not the word list. */
  async limits(): Promise<ReviewLimits> {
    const { blockedWords: _words, ...limits } = await this.current();
    return limits;
  }

  /** Admins: saves the rules and their audit row (before and after) in one transaction. */
  async update(auth: AuthContext, rules: ReviewRules): Promise<ReviewRulesView> {
    await this.deps.db.transaction(async (tx) => {
      const before = (await repo.current(tx, true))?.rules ?? DEFAULT_REVIEW_RULES;
      await repo.save(tx, rules, auth.user.id);
      await audit.record(tx, {
        setting: REVIEW_RULES_SETTING,
        actorId: auth.user.id,
        before: { ...before },
        after: { ...rules },
      });
    });
    return this.view();
  }
}

/** Refuses (400, naming the limit) a campaign's area or daily cap outside the rules. */
export function assertWithinLimits(
  rules: ReviewRules,
  campaign: { areaRadiusKm: number | null; dailyCap: number },
): void {
  const breach = limitBreach(rules, campaign);
  if (breach) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, {
      messageKey: breach.messageKey,
      params: breach.params,
      fields: { [breach.field]: breach.messageKey },
    });
  }
}

/** Refuses (400, naming the word) a campaign whose headline or text holds a blocked word. */
export function assertNoBlockedWord(
  rules: ReviewRules,
  campaign: { title: string; text: string },
): void {
  const word = blockedWordIn(rules.blockedWords, [campaign.title, campaign.text]);
  if (word !== null) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, {
      messageKey: 'review-rules.blocked-word',
      params: { word },
    });
  }
}
