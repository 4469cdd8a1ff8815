import { z } from 'zod';
import { CAMPAIGN_MAX_RADIUS_KM } from './campaigns.ts';

// The rules moderators review businesses and campaigns by (issue 44 item 5): admin settings kept
// in one row; a rule is enforced where a campaign is saved or submitted, read on every call.

/** Bounds of the settings themselves. */
export const REVIEW_RULES_BOUNDS = {
  maxDailyCap: 1_000_000,
  maxBlockedWords: 200,
  maxWordLength: 40,
  maxReviewHours: 720,
} as const;

/** A whole number within bounds; every failure is the one catalogue key of the field. */
const wholeNumber = (max: number, key: string) =>
  z.number({ error: key }).int(key).min(1, key).max(max, key);

const cap = wholeNumber(REVIEW_RULES_BOUNDS.maxDailyCap, 'msg.daily-cap-bounds');

/**
 * Blocked words (or phrases) as typed: trimmed, lower-cased (compared case-insensitively),
 * empty ones dropped and duplicates removed before they are counted. Issues sit on the list
 * itself, so a form shows them on its one field.
 */
const blockedWordsSchema = z
  .array(z.string())
  .transform((words) => [
    ...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word !== '')),
  ])
  .pipe(
    z
      .array(z.string())
      .max(REVIEW_RULES_BOUNDS.maxBlockedWords, 'msg.too-many-blocked-words')
      .refine((words) => words.every((word) => word.length <= REVIEW_RULES_BOUNDS.maxWordLength), {
        message: 'msg.blocked-word-too-long',
      }),
  );

/** What an admin saves. */
export const reviewRulesSchema = z
  .object({
    /** The largest area a campaign may target, in km around the venue. */
    maxAreaRadiusKm: wholeNumber(CAMPAIGN_MAX_RADIUS_KM, 'msg.radius-bounds'),
    /** A campaign's daily cap of impressions lies within these. */
    minDailyCap: cap,
    maxDailyCap: cap,
    /** Whole words a campaign's headline or text may not contain. */
    blockedWords: blockedWordsSchema,
    /** The review time target: waiting longer, an application or a campaign is overdue. */
    reviewWithinHours: wholeNumber(REVIEW_RULES_BOUNDS.maxReviewHours, 'msg.review-hours-bounds'),
  })
  .refine((r) => r.minDailyCap <= r.maxDailyCap, {
    path: ['maxDailyCap'],
    message: 'msg.daily-caps-order',
  });
export type ReviewRulesInput = z.input<typeof reviewRulesSchema>;
export type ReviewRules = z.output<typeof reviewRulesSchema>;

/** The rules before an admin has saved any. */
export const DEFAULT_REVIEW_RULES: ReviewRules = {
  maxAreaRadiusKm: 25,
  minDailyCap: 1,
  maxDailyCap: 100_000,
  blockedWords: [],
  reviewWithinHours: 48,
};

/** The control area's view: all rules, and when they were last changed (null: the defaults). */
export const reviewRulesViewSchema = z.object({
  rules: z.object({
    maxAreaRadiusKm: z.number().int(),
    minDailyCap: z.number().int(),
    maxDailyCap: z.number().int(),
    blockedWords: z.array(z.string()),
    reviewWithinHours: z.number().int(),
  }),
  updatedAt: z.string().nullable(),
});
export type ReviewRulesView = z.infer<typeof reviewRulesViewSchema>;

/** What applicants and businesses are told: the limits, without the blocked words. */
export const reviewLimitsSchema = reviewRulesViewSchema.shape.rules.omit({ blockedWords: true });
export type ReviewLimits = z.infer<typeof reviewLimitsSchema>;
