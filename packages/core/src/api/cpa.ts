import { z } from 'zod';
import { transactionSchema, zUnits } from './crypto.ts';

// The affiliate (CPA) contract (spec §3 Affiliate link and Reward actions, §7 /cpa/*). Money is
// a decimal string of USDT's smallest unit, as in crypto.ts. Paths are in cpa-paths.ts.

/** Spec §3 reward actions plus the registration itself; each converts once per user. */
export const cpaActionSchema = z.enum(['registration', 'fill_profile', 'first_meet', 'purchase']);
export type CpaAction = z.infer<typeof cpaActionSchema>;

/** A partner's level: admins set the payout of each action per level. */
export const cpaLevelSchema = z.enum(['standard', 'premium']);
export type CpaLevel = z.infer<typeof cpaLevelSchema>;

/** Attribution and hit de-duplication window (spec §4 and §9: 720 hours). */
export const CPA_WINDOW_DAYS = 30;

/** The public id of a link: what `cpa=` carries in a landing URL. */
export const cpaLinkIdSchema = z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'msg.invalid-link');

const pageQuery = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** An http(s) URL, at most 2000 characters; the server also refuses private addresses. */
const callbackUrl = z
  .string()
  .trim()
  .max(2000, 'msg.invalid-callback-url')
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'msg.invalid-callback-url');

/** Spec §7 POST /cpa/links: a name and an optional callbackUrl (dropped when empty). */
export const cpaLinkCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'msg.required').max(100, 'msg.max-length'),
  callbackUrl: callbackUrl.optional(),
});
export type CpaLinkCreate = z.input<typeof cpaLinkCreateSchema>;

/** Spec §7 PATCH /cpa/links/{id}: any link field; an empty callbackUrl removes it. */
export const cpaLinkUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, 'msg.required').max(100, 'msg.max-length').optional(),
  callbackUrl: callbackUrl.nullable().optional(),
});
export type CpaLinkUpdate = z.input<typeof cpaLinkUpdateSchema>;

export const cpaLinkParamsSchema = z.strictObject({ id: cpaLinkIdSchema });

/** Spec §7 GET /cpa/links payload userId: admins may read another partner's links. */
export const cpaLinksQuerySchema = z.strictObject({
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/** Spec §3 statistics of a link. */
export const cpaTotalsSchema = z.object({
  /** Counted hits (once per visitor and link per 30 days; self-hits and bots left out). */
  hits: z.number().int(),
  /** Registrations attributed to the link. */
  regs: z.number().int(),
  /** Revenue from the referred users (their purchases). */
  value: zUnits,
  /** The affiliate's income: payouts of its conversions. */
  profit: zUnits,
  /** Of the profit, what has been paid out. */
  paid: zUnits,
});
export type CpaTotals = z.infer<typeof cpaTotalsSchema>;

export const cpaLinkSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  name: z.string(),
  callbackUrl: z.string().nullable(),
  createdAt: z.string(),
  stats: cpaTotalsSchema,
});
export type CpaLink = z.infer<typeof cpaLinkSchema>;

export const cpaLinkListSchema = z.object({ items: z.array(cpaLinkSchema) });

/** A created link, or one whose secret was renewed: the only time the secret is shown. */
export const cpaLinkWithSecretSchema = cpaLinkSchema.extend({ secret: z.string() });
export type CpaLinkWithSecret = z.infer<typeof cpaLinkWithSecretSchema>;

/** The landing pages (spec §2 CPA landing pages). */
export const cpaLandingNameSchema = z.enum(['cpa-landing', 'cpa-landing-meet', 'cpa-landing-earn']);
export type CpaLandingName = z.infer<typeof cpaLandingNameSchema>;
export const cpaLandingSchema = z.object({ name: cpaLandingNameSchema, path: z.string() });
export const cpaLandingListSchema = z.object({ items: z.array(cpaLandingSchema) });
export type CpaLanding = z.infer<typeof cpaLandingSchema>;

/** Payout of each action per partner level (smallest units). */
const perLevel = z.strictObject({ standard: zUnits, premium: zUnits });
export const cpaSettingsSchema = z.strictObject({
  currency: z.literal('USDT').default('USDT'),
  payouts: z.strictObject({
    registration: perLevel,
    fill_profile: perLevel,
    first_meet: perLevel,
    purchase: perLevel,
  }),
});
export type CpaSettings = z.infer<typeof cpaSettingsSchema>;
export type CpaSettingsInput = z.input<typeof cpaSettingsSchema>;

/** Period of the cabinet's figures: UTC days, both ends included (at most a year). */
export const cpaStatsQuerySchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type CpaStatsQuery = z.input<typeof cpaStatsQuerySchema>;

export const cpaDaySchema = cpaTotalsSchema.extend({ day: z.string() });
export const cpaStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The period's sums of all links. */
  totals: cpaTotalsSchema,
  /** Every day of the period, oldest first. */
  days: z.array(cpaDaySchema),
  /** Per link, the period's sums. */
  links: z.array(cpaTotalsSchema.extend({ linkId: z.string(), name: z.string() })),
  /** Earned, not yet paid, over all time. */
  unpaid: zUnits,
});
export type CpaStats = z.infer<typeof cpaStatsSchema>;

export const cpaConversionsQuerySchema = z.strictObject({
  ...pageQuery,
  linkId: cpaLinkIdSchema.optional(),
});
export type CpaConversionsQuery = z.input<typeof cpaConversionsQuerySchema>;

export const cpaConversionSchema = z.object({
  id: z.number().int(),
  linkId: z.string(),
  linkName: z.string(),
  action: cpaActionSchema,
  /** The affiliate's click id (`uid` of the landing URL), if one came. */
  clickId: z.string().nullable(),
  payout: zUnits,
  /** Held back as a fraud signal: earns nothing, no postback. */
  flagged: z.boolean(),
  paid: z.boolean(),
  createdAt: z.string(),
});
export type CpaConversion = z.infer<typeof cpaConversionSchema>;
export const cpaConversionListSchema = z.object({
  items: z.array(cpaConversionSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

export const cpaPostbackStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export const cpaPostbackAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  ok: z.boolean(),
  /** The receiver's HTTP status; null when none came (timeout, refused address, network). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export const cpaPostbackSchema = z.object({
  id: z.number().int(),
  conversionId: z.number().int(),
  linkId: z.string(),
  action: cpaActionSchema,
  url: z.string(),
  status: cpaPostbackStatusSchema,
  /** When the next automatic attempt is due; null when none is. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(cpaPostbackAttemptSchema),
});
export type CpaPostback = z.infer<typeof cpaPostbackSchema>;
export const cpaPostbackListSchema = z.object({
  items: z.array(cpaPostbackSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export const cpaPostbacksQuerySchema = z.strictObject(pageQuery);
export const cpaPostbackParamsSchema = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const cpaPayoutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  amount: zUnits,
  transaction: transactionSchema.nullable(),
  createdAt: z.string(),
});
export type CpaPayout = z.infer<typeof cpaPayoutSchema>;

/** GET /cpa/rewards: the caller's payouts and balance. */
export const cpaRewardsSchema = z.object({
  earned: zUnits,
  paid: zUnits,
  unpaid: zUnits,
  items: z.array(cpaPayoutSchema),
});
export type CpaRewards = z.infer<typeof cpaRewardsSchema>;

/** POST /cpa/rewards (admins): pay a partner all they earned; `amount` must match it. */
export const cpaPayoutRequestSchema = z.strictObject({
  userId: z.number().int().min(1).max(2_147_483_647),
  amount: zUnits,
});
export type CpaPayoutRequest = z.infer<typeof cpaPayoutRequestSchema>;

export const cpaFraudSchema = z.object({
  /** Hits from a device the affiliate signed in with (not counted). */
  selfHits: z.number().int(),
  /** Registrations from a device that had already registered through a link. */
  sharedDeviceRegs: z.number().int(),
  /** Conversions of flagged registrations (held back, earn nothing). */
  flaggedConversions: z.number().int(),
});
export type CpaFraud = z.infer<typeof cpaFraudSchema>;

export const cpaPartnerSchema = z.object({
  userId: z.number().int(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  level: cpaLevelSchema,
  links: z.number().int(),
  totals: cpaTotalsSchema,
  unpaid: zUnits,
  fraud: cpaFraudSchema,
});
export type CpaPartner = z.infer<typeof cpaPartnerSchema>;
export const cpaPartnerListSchema = z.object({ items: z.array(cpaPartnerSchema) });
export const cpaPartnerParamsSchema = z.strictObject({
  userId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const cpaPartnerUpdateSchema = z.strictObject({ level: cpaLevelSchema });
export const cpaPartnerLevelSchema = z.object({ userId: z.number().int(), level: cpaLevelSchema });

/** Macros a callbackUrl may carry, in the style of the trackers affiliates use. */
export const CPA_MACROS = [
  '{uid}',
  '{click_id}',
  '{action}',
  '{payout}',
  '{currency}',
  '{link_id}',
  '{event_id}',
  '{ts}',
] as const;

/** The header a postback is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const CPA_SIGNATURE_HEADER = 'X-Meeet-Signature';
