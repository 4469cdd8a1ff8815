import { z } from 'zod';
import { transactionSchema, zUnits } from './crypto.ts';

// The referral contract (spec §3 Referral and Periods, §7 /referral/*). Money is a decimal
// string of USDT's smallest unit, as in crypto.ts. Paths are in referral-paths.ts.

/** Spec §3 periods: last 7 days, last 14 days, last month (30 days). */
export const referralPeriodSchema = z.enum(['week', 'twoWeeks', 'month']);
export type ReferralPeriod = z.infer<typeof referralPeriodSchema>;
export const REFERRAL_PERIOD_DAYS: Record<ReferralPeriod, number> = {
  week: 7,
  twoWeeks: 14,
  month: 30,
};

/**
 * Spec §3 income sources: basic meetings (a referral's meeting minted a token), paid meetings
 * (a referral was paid as generator when their minted token sold), business purchases (a
 * referral bought a token on the market).
 */
export const referralSourceSchema = z.enum(['basic_meeting', 'paid_meeting', 'business_purchase']);
export type ReferralSource = z.infer<typeof referralSourceSchema>;

/** Referral level (spec §3), the values of the "All roles" filter besides `all`. */
export const referralLevelSchema = z.enum(['human', 'business']);
export type ReferralLevel = z.infer<typeof referralLevelSchema>;

const pageQuery = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

export const referralCodeParamsSchema = z.strictObject({ code: z.string().min(1).max(64) });

export const referralTrackResponseSchema = z.object({
  /** False for a bot, or a repeat within 24 h of the same visitor. */
  counted: z.boolean(),
});
export type ReferralTrackResponse = z.infer<typeof referralTrackResponseSchema>;

export const referralSaveResponseSchema = z.object({
  referrerId: z.number().int(),
});
export type ReferralSaveResponse = z.infer<typeof referralSaveResponseSchema>;

export const referralListQuerySchema = z.strictObject({
  ...pageQuery,
  /** "All roles" (default) or one referral level. */
  role: z.enum(['all', 'human', 'business']).default('all'),
});
export type ReferralListQuery = z.input<typeof referralListQuerySchema>;

export const referralListParamsSchema = z.strictObject({
  userId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const referralRowSchema = z.object({
  userId: z.number().int(),
  /** The nickname (domain), else null. */
  nickname: z.string().nullable(),
  /** 1–3: how far below the caller. */
  depth: z.number().int(),
  level: referralLevelSchema,
  joinedAt: z.string(),
  meetingsCount: z.number().int(),
  /** The last time any session of theirs was used; null if never signed in since. */
  lastActivityAt: z.string().nullable(),
  /** What the caller earned from this referral's own activity (smallest units). */
  income: zUnits,
  /** Their direct referrals inside the caller's three levels (0 at depth 3). */
  childrenCount: z.number().int(),
  /** Registered from the referrer's own device: earns nothing. */
  flagged: z.boolean(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

export const referralListResponseSchema = z.object({
  items: z.array(referralRowSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ReferralListResponse = z.infer<typeof referralListResponseSchema>;

export const referralRewardsQuerySchema = z.strictObject({
  ...pageQuery,
  period: referralPeriodSchema.optional(),
  source: referralSourceSchema.optional(),
});
export type ReferralRewardsQuery = z.input<typeof referralRewardsQuerySchema>;

export const referralRewardSchema = z.object({
  id: z.number().int(),
  sourceUserId: z.number().int(),
  sourceNickname: z.string().nullable(),
  depth: z.number().int(),
  source: referralSourceSchema,
  /** What the share was taken of (smallest units). */
  baseAmount: zUnits,
  /** Share in basis points (1000 = 10%), as it was when earned. */
  shareBp: z.number().int(),
  amount: zUnits,
  status: z.enum(['accrued', 'paid', 'void']),
  /** The REWARD transaction that paid it, once a payout was made. */
  transaction: transactionSchema.nullable(),
  createdAt: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const referralRewardsResponseSchema = z.object({
  items: z.array(referralRewardSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ReferralRewardsResponse = z.infer<typeof referralRewardsResponseSchema>;

const bySourceSchema = z.object({
  basic_meeting: zUnits,
  paid_meeting: zUnits,
  business_purchase: zUnits,
});

export const referralPeriodStatsSchema = z.object({
  period: referralPeriodSchema,
  /** First instant counted (UTC, ISO); the period ends now. */
  from: z.string(),
  income: zUnits,
  incomeBySource: bySourceSchema,
  /** One entry per UTC day of the period, oldest first, every day present. */
  daily: z.array(z.object({ day: z.string(), ...bySourceSchema.shape })),
  /** Counted clicks of the caller's link. */
  clicks: z.number().int(),
  /** Direct referrals registered in the period. */
  registrations: z.number().int(),
  /** Of those, how many have bought a token. */
  buyers: z.number().int(),
  /** registrations ÷ clicks, null without clicks. */
  registrationConversion: z.number().nullable(),
  /** buyers ÷ registrations, null without registrations. */
  buyerConversion: z.number().nullable(),
});
export type ReferralPeriodStats = z.infer<typeof referralPeriodStatsSchema>;

export const referralStatsResponseSchema = z.object({
  code: z.string(),
  /** Path of the promo link; the client puts its own origin in front. */
  linkPath: z.string(),
  level: referralLevelSchema,
  totalIncome: zUnits,
  /** Income of the last 30 days. */
  monthlyIncome: zUnits,
  /** Earned, not yet paid on chain. */
  pendingIncome: zUnits,
  incomeBySource: bySourceSchema,
  /** People in the caller's three levels who used the app within 30 days. */
  activeReferrals: z.number().int(),
  /** Everyone in the caller's three levels. */
  totalAttracted: z.number().int(),
  /** Per level (1, 2, 3) how many. */
  levels: z.array(z.number().int()),
  periods: z.array(referralPeriodStatsSchema),
});
export type ReferralStatsResponse = z.infer<typeof referralStatsResponseSchema>;

export const referralSettingsSchema = z.strictObject({
  /** Shares in basis points (1000 = 10%) for levels 1, 2, 3. */
  level1Bp: z.number().int().min(0).max(10_000),
  level2Bp: z.number().int().min(0).max(10_000),
  level3Bp: z.number().int().min(0).max(10_000),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
